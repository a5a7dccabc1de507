import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  registerServiceWorker,
  SERVICE_WORKER_DELAY_MS,
  SERVICE_WORKER_URL,
} from './service-worker';

describe('registerServiceWorker', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it("registers the worker a while after the page's load, not during its start-up", () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
    registerServiceWorker();
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  });
});
