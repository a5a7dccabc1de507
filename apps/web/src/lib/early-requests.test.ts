import { ZFinishSetup } from '@encore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/testing/stub-api';
import { ApiError, apiRequest } from './api-client';
import { EARLY_ANSWER_KEPT_MS, forgetEarlyRequests, startEarly, takeEarly } from './early-requests';

afterEach(() => forgetEarlyRequests());

const answer = { visible: true, verifyPhone: false };

describe('early requests', () => {
  it("hands the early answer to the page's request: one request, checked by its schema", async () => {
    const fetchMock = stubApi({ 'GET /api/x': () => json({ visible: true }) });
    startEarly('/api/x');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The schema's default filled in: the answer went through it.
    await expect(apiRequest('/api/x', { schema: ZFinishSetup })).resolves.toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next read goes to the server.
    await apiRequest('/api/x', { schema: ZFinishSetup });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends what apiRequest sends, and starts a URL once while it waits to be taken', () => {
    const fetchMock = stubApi({ 'GET /api/x': () => json({}) });
    startEarly('/api/x');
    startEarly('/api/x');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('drops an answer nobody took in time', () => {
    vi.useFakeTimers();
    stubApi({ 'GET /api/x': () => json({}) });
    startEarly('/api/x');
    vi.advanceTimersByTime(EARLY_ANSWER_KEPT_MS);
    expect(takeEarly('/api/x')).toBeUndefined();
  });

  it("reports an early request's failure as the page's own request would", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    startEarly('/api/x');
    await expect(apiRequest('/api/x', { schema: ZFinishSetup })).rejects.toMatchObject({
      kind: 'network',
    });
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('times out waiting for an early answer like for any other', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    startEarly('/api/x');
    const waiting = apiRequest('/api/x', { timeoutMs: 1000 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(waiting).resolves.toMatchObject({ kind: 'timeout' });
  });
});
