import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHealthService } from '../../src/services/health.service.ts';

// A health check matters most when Postgres hangs. On a fake clock the test proves the check
// gives up on a ping that never settles, without depending on how busy the machine is.
afterEach(() => {
  vi.useRealTimers();
});

describe('health service', () => {
  it('reports the database down when a ping never settles', async () => {
    vi.useFakeTimers();
    const hanging = { ping: () => new Promise<void>(() => {}) };
    const service = createHealthService(hanging, 'test');
    let settled = false;
    const check = service.check().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(false);
    await vi.runOnlyPendingTimersAsync();
    await expect(check).resolves.toMatchObject({
      status: 'degraded',
      database: { state: 'down', latencyMs: null },
    });
  });

  it('reports the database up when the ping answers', async () => {
    const service = createHealthService({ ping: async () => {} }, 'test');
    await expect(service.check()).resolves.toMatchObject({
      status: 'ok',
      database: { state: 'up', latencyMs: expect.any(Number) },
    });
  });
});
