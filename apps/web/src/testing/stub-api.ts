import type { TSessionUser } from '@encore/contract';
import { type Mock, vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
type Handler = (request: StubRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, fields?: object) =>
  json({ error: { code, message, fields } }, status);

export function sessionUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: 'user-1',
    username: 'nightowl',
    email: 'nightowl@example.test',
    role: 'fan',
    profileComplete: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * Replaces `fetch` for a component test, answering "METHOD /path" from `handlers`. The session
 * defaults to signed out; anything unexpected gets the API's JSON 404.
 */
export function stubApi(handlers: Record<string, Handler> = {}): Mock<typeof fetch> {
  const all: Record<string, Handler> = {
    'GET /api/account/session': () => json({ user: null }),
    ...handlers,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = all[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, 'NOT_FOUND', 'Not found');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests `fetchMock` saw for one "METHOD /path", with their parsed JSON bodies. */
export function callsTo(fetchMock: Mock<typeof fetch>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
