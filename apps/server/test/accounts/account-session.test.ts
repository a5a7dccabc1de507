import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getSession = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/account/session',
    headers: cookie ? { cookie } : {},
  });
const logout = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/logout', headers: cookie ? { cookie } : {} });

describe('GET /api/account/session', () => {
  it('answers { user: null } when signed out', async () => {
    const response = await getSession();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('restores the user from the session cookie', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'performer' });
    const response = await getSession(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
  });

  it('ignores a forged cookie', async () => {
    const response = await getSession('encore.session_token=forged.value');
    expect(response.json()).toEqual({ user: null });
  });
});

describe('POST /api/account/logout', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const { user, cookie } = await createUser(t.app);
    const response = await logout(cookie);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'encore.session_token');
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from session where user_id = $1',
      [user.id],
    );
    expect(rows[0].n).toBe(0);
    // A copy of the old cookie no longer works.
    expect((await getSession(cookie)).json()).toEqual({ user: null });
  });

  it('answers 204 without a session too', async () => {
    expect((await logout()).statusCode).toBe(204);
  });

  it('accepts the JSON content type with an empty body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('ends only the session it belongs to', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    await logout(first.cookie);
    expect((await getSession(second.cookie)).json()).toEqual({ user: second.user });
  });
});
