import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedSessionToken } from '../../src/auth/session-cookie.ts';
import { createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The session check of every signed-in request (auth/session-user.ts): one statement joining the
 * session and its user, better-auth's getSession for expiry and refresh. Revocation must bite on
 * the very next request (decision 027), whatever the path.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notifications = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/notifications', headers: cookie ? { cookie } : {} });
const fanAlerts = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/fan/alerts', headers: { cookie } });
/** The test factories give the cookie's value URI-decoded: `name=token.signature`. */
const splitCookie = (cookie: string) => {
  const eq = cookie.indexOf('=');
  return [cookie.slice(0, eq), cookie.slice(eq + 1)] as const;
};
const tokenOf = (cookie: string) => splitCookie(cookie)[1].split('.')[0] ?? '';
const sessionRow = async (token: string) =>
  (
    await t.database.pool.query<{ expires_at: Date; updated_at: Date }>(
      'select expires_at, updated_at from session where token = $1',
      [token],
    )
  ).rows[0];

describe('the session check of a signed-in route', () => {
  it("lets the session's user in, with the role of the user row", async () => {
    const fan = await createUser(t.app, { role: 'fan' });
    const performer = await createUser(t.app, { role: 'performer' });
    expect((await notifications(fan.cookie)).statusCode).toBe(200);
    expect((await fanAlerts(fan.cookie)).statusCode).toBe(200);
    expect((await fanAlerts(performer.cookie)).statusCode).toBe(403);
  });

  it('refuses no cookie, a forged signature, an unsigned token and a token of no session', async () => {
    const { cookie } = await createUser(t.app);
    const token = tokenOf(cookie);
    expect((await notifications()).statusCode).toBe(401);
    expect(
      (await notifications(`encore.session_token=${token}.${'A'.repeat(43)}=`)).statusCode,
    ).toBe(401);
    expect((await notifications(`encore.session_token=${token}`)).statusCode).toBe(401);
    const otherToken = 'x'.repeat(32);
    const signedByUs = `${otherToken}.${createHmac('sha256', 'not-the-secret-not-the-secret-00').update(otherToken).digest('base64')}`;
    expect(
      (await notifications(`encore.session_token=${encodeURIComponent(signedByUs)}`)).statusCode,
    ).toBe(401);
  });

  it('refuses a session deleted elsewhere on the very next request', async () => {
    const { cookie } = await createUser(t.app);
    expect((await notifications(cookie)).statusCode).toBe(200);
    await t.database.pool.query('delete from session where token = $1', [tokenOf(cookie)]);
    expect((await notifications(cookie)).statusCode).toBe(401);
  });

  it('refuses an expired session, and better-auth deletes it', async () => {
    const { cookie } = await createUser(t.app);
    const token = tokenOf(cookie);
    await t.database.pool.query(
      "update session set expires_at = now() - interval '1 minute' where token = $1",
      [token],
    );
    expect((await notifications(cookie)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('extends a session a day old through better-auth, as before', async () => {
    const { cookie } = await createUser(t.app);
    const token = tokenOf(cookie);
    // 28 days and 23 hours ahead of 30: the expiry was last set more than a day (updateAge) ago.
    await t.database.pool.query(
      "update session set expires_at = now() + interval '28 days 23 hours' where token = $1",
      [token],
    );
    expect((await notifications(cookie)).statusCode).toBe(200);
    const row = await sessionRow(token);
    const daysLeft = ((row?.expires_at.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29.9);
  });

  it('reads the cookie as better-auth does: the first of that name, quoted or encoded', async () => {
    const { cookie } = await createUser(t.app);
    const [name, value] = splitCookie(cookie);
    const encoded = encodeURIComponent(value);
    expect((await notifications(`other=1; ${name}="${encoded}"; ${name}=junk`)).statusCode).toBe(
      200,
    );
    expect((await notifications(`${name}=${encoded}`)).statusCode).toBe(200);
    expect((await notifications(`${name}=${value}`)).statusCode).toBe(200);
    expect((await notifications(`${name}=junk; ${cookie}`)).statusCode).toBe(401);
  });
});

describe('signedSessionToken', () => {
  const secret = 's'.repeat(40);
  const sign = (token: string) =>
    `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('returns the token of a valid signature and null otherwise', () => {
    expect(signedSessionToken(`a=b; n=${encodeURIComponent(sign('tok'))}`, 'n', secret)).toBe(
      'tok',
    );
    expect(
      signedSessionToken(`n=${sign('tok')}`, 'n', 'another secret of forty characters ...'),
    ).toBe(null);
    expect(signedSessionToken(`n=${sign('tok').slice(0, -2)}==`, 'n', secret)).toBe(null);
    expect(signedSessionToken(undefined, 'n', secret)).toBe(null);
    expect(signedSessionToken('n=%E0%A4%A', 'n', secret)).toBe(null);
  });

  it('answers a value checked before as the check does, whichever secret asked last', () => {
    const other = 'another secret of forty characters ....';
    const cookie = `n=${sign('kept')}`;
    for (let i = 0; i < 3; i++) {
      expect(signedSessionToken(cookie, 'n', secret)).toBe('kept');
      // The same value under another secret: its signature does not hold there.
      expect(signedSessionToken(cookie, 'n', other)).toBe(null);
      // A forged value, asked again and again, is never taken for a kept one.
      expect(signedSessionToken(`n=kept.${'A'.repeat(43)}=`, 'n', secret)).toBe(null);
    }
  });
});
