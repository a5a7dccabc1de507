import { GENERIC_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postJson, signUpInput } from '../support/factories.ts';
import { announced } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const DEV_SERVER = 'http://localhost:5173';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustedOrigins: [TEST_ORIGIN, DEV_SERVER] });
});
afterAll(() => t.close());

async function countUsers(email: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from "user" where email = lower($1)',
    [email],
  );
  return rows[0].n;
}

describe('CSRF protection', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin "null" (sandboxed frame, file:)', { origin: 'null' }],
    ['a foreign Referer without Origin', { referer: 'https://evil.example/page' }],
    ['an unparsable Origin', { origin: 'not a url' }],
    ['a look-alike origin', { origin: 'http://localhost:3000.evil.example' }],
  ])('refuses a sign-up with %s and writes nothing', async (_case, headers) => {
    const input = signUpInput();
    const response = await postJson(t.app, '/api/account/sign-up', input, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'CSRF_REJECTED', message: GENERIC_MESSAGES.csrf },
    });
    expect(response.cookies).toHaveLength(0);
    expect(await countUsers(input.email)).toBe(0);
  });

  it('refuses a cross-site logout, which leaves the session alive', async () => {
    const { cookie, user } = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie },
    });
    expect(session.json()).toEqual({ user });
  });

  it.each([
    ['PUBLIC_URL', { origin: TEST_ORIGIN }],
    ['a TRUSTED_ORIGINS entry', { origin: DEV_SERVER }],
    ['a same-site Referer', { referer: `${TEST_ORIGIN}/auth/create-account` }],
    ['no Origin at all (non-browser client)', {}],
  ])('accepts a sign-up from %s', async (_case, headers) => {
    const response = await postJson(t.app, '/api/account/sign-up', signUpInput(), headers);
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', undefined],
  ])('refuses a body sent as %s (what cross-site forms can send)', async (_case, type) => {
    const input = signUpInput();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: type ? { 'content-type': type } : {},
      payload: JSON.stringify(input),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(await countUsers(input.email)).toBe(0);
  });

  it('lets reads through from anywhere (they change nothing)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });

  describe('whatever the spelling of the path', () => {
    async function showStatus(id: string): Promise<string> {
      const { rows } = await t.database.pool.query('select status from shows where id = $1', [id]);
      return rows[0].status;
    }

    // The probe's finding: the router decodes `%61` to `a` and runs the cancel handler, while the
    // guard looked at the raw URL and let a foreign, text/plain request through.
    it.each([
      ['percent-encoded', '/%61pi/shows/:id/cancel'],
      ['percent-encoded in a later segment', '/api/%73hows/:id/cancel'],
      ['plain', '/api/shows/:id/cancel'],
    ])('refuses a foreign cancel through a %s path and leaves the show live', async (_c, path) => {
      const { performer, show } = await announced(t);
      const response = await t.app.inject({
        method: 'POST',
        url: path.replace(':id', show.id),
        headers: { cookie: performer.cookie, origin: 'https://evil.example' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CSRF_REJECTED');
      expect(await showStatus(show.id)).toBe('announced');
    });

    it('refuses a text/plain body through an encoded path even from no Origin', async () => {
      const { performer, show } = await announced(t);
      const response = await t.app.inject({
        method: 'POST',
        url: `/%61pi/shows/${show.id}/cancel`,
        headers: { cookie: performer.cookie, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(400);
      expect(await showStatus(show.id)).toBe('announced');
    });

    it.each([
      ['doubled slashes', '//api//shows/:id/cancel'],
      ['upper case', '/API/shows/:id/cancel'],
      ['dot segments', '/api/x/../shows/:id/cancel'],
      ['double encoding', '/%2561pi/shows/:id/cancel'],
    ])('a foreign text/plain cancel through %s changes nothing', async (_c, path) => {
      const { performer, show } = await announced(t);
      const response = await t.app.inject({
        method: 'POST',
        url: path.replace(':id', show.id),
        headers: {
          cookie: performer.cookie,
          origin: 'https://evil.example',
          'content-type': 'text/plain',
        },
        payload: 'x',
      });
      // 404 where the spelling matches no route; 403 where it is normalised to the real one.
      expect([403, 404]).toContain(response.statusCode);
      expect(await showStatus(show.id)).toBe('announced');
    });
  });
});
