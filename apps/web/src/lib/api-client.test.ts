import { GENERIC_MESSAGES, SIGN_UP_MESSAGES, ZUsernameExistsResponse } from '@encore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '@/testing/stub-api';
import { ApiError, apiRequest } from './api-client';

afterEach(() => vi.useRealTimers());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('apiRequest', () => {
  it('sends writes as same-origin JSON, and parses answers with the schema', async () => {
    const fetchMock = stubApi({ 'POST /api/x': () => json({ exists: true }) });
    await expect(
      apiRequest('/api/x', { method: 'POST', body: { a: 1 }, schema: ZUsernameExistsResponse }),
    ).resolves.toEqual({ exists: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends {} when a write has no body (the server only accepts JSON writes)', async () => {
    const fetchMock = stubApi({
      'POST /api/account/logout': () => new Response(null, { status: 204 }),
    });
    await apiRequest('/api/account/logout', { method: 'POST' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
  });

  it("turns the API's error shape into an ApiError with code, message and fields", async () => {
    stubApi({ 'GET /api/x': () => apiError(409, 'EMAIL_TAKEN', 'taken', { email: 'taken' }) });
    const error = await rejection(apiRequest('/api/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'taken',
    });
    expect((error as ApiError).fields).toEqual({ email: 'taken' });
  });

  it('gives a generic message when an error is not in our shape (a proxy page, say)', async () => {
    stubApi({ 'GET /api/x': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await rejection(apiRequest('/api/x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: GENERIC_MESSAGES.internal });
  });

  it('reports an unreachable server with the spec network message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await rejection(apiRequest('/api/x'));
    expect(error).toMatchObject({ kind: 'network', message: SIGN_UP_MESSAGES.network });
  });

  it('aborts after the timeout with the spec timeout message', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pending = rejection(apiRequest('/api/x', { timeoutMs: 10_000 }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({
      kind: 'timeout',
      message: SIGN_UP_MESSAGES.timeoutDisplayed,
    });
  });
});
