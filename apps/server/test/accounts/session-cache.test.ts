import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, postJson, sessionCookie } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The session cache (decision 029): two API processes on one database. Process B has the session
 * in memory (it served it twice); a revocation made through process A, or straight in SQL, must
 * fail on B's very next request, with no wait in between.
 */
let a: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;
beforeAll(async () => {
  a = await createTestApp();
  ({ app: b, close: closeB } = await startSecondProcess(a));
});
afterAll(async () => {
  await closeB();
  await a.close();
});

const get = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });
/** Served by B twice: the second time from its memory. */
async function cachedInB(cookie: string) {
  expect((await get(b, '/api/notifications', cookie)).statusCode).toBe(200);
  expect((await get(b, '/api/notifications', cookie)).statusCode).toBe(200);
}
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1).split('.')[0] ?? '';

describe('a session cached in another process', () => {
  it('fails on the next request after sign-out', async () => {
    const { cookie } = await createUser(a.app, { role: 'fan' });
    await cachedInB(cookie);
    expect((await send(a.app, 'POST', '/api/account/logout', cookie)).statusCode).toBe(204);
    expect((await get(b, '/api/notifications', cookie)).statusCode).toBe(401);
  });

  it("fails on the next request after a password change ends the user's other sessions", async () => {
    const { input, cookie } = await createUser(a.app, { role: 'fan' });
    const other = sessionCookie(
      await postJson(a.app, '/api/account/login', { email: input.email, password: PASSWORD }),
    );
    await cachedInB(other);
    const changed = await send(a.app, 'POST', '/api/account/password', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'N3wStrongPassword',
      confirmPassword: 'N3wStrongPassword',
    });
    expect(changed.statusCode).toBe(204);
    expect((await get(b, '/api/notifications', other)).statusCode).toBe(401);
    expect((await get(b, '/api/notifications', sessionCookie(changed))).statusCode).toBe(200);
  });

  it('fails on the next request after the account is deleted', async () => {
    const { cookie } = await createUser(a.app, { role: 'fan' });
    await cachedInB(cookie);
    expect((await send(a.app, 'DELETE', '/api/account', cookie)).statusCode).toBe(204);
    expect((await get(b, '/api/notifications', cookie)).statusCode).toBe(401);
  });

  it('fails on the next request after a direct DELETE, every time', async () => {
    // Many rounds: the wait for the change notices must hold, not win a race now and then.
    for (let round = 0; round < 25; round += 1) {
      const { cookie } = await createUser(a.app, { role: 'fan' });
      await cachedInB(cookie);
      await a.database.pool.query('delete from session where token = $1', [tokenOf(cookie)]);
      expect((await get(b, '/api/notifications', cookie)).statusCode).toBe(401);
    }
  });

  it("answers with the user's new role on the next request after it changes", async () => {
    const fan = await createUser(a.app, { role: 'fan' });
    expect((await get(b, '/api/fan/alerts', fan.cookie)).statusCode).toBe(200);
    expect((await get(b, '/api/fan/alerts', fan.cookie)).statusCode).toBe(200);
    await a.database.pool.query(`update "user" set role = 'performer' where id = $1`, [
      fan.user.id,
    ]);
    expect((await get(b, '/api/fan/alerts', fan.cookie)).statusCode).toBe(403);
  });

  it('keeps two users apart', async () => {
    const one = await createUser(a.app, { role: 'fan' });
    const two = await createUser(a.app, { role: 'performer' });
    for (let round = 0; round < 3; round += 1) {
      const first = await get(b, '/api/account/security', one.cookie);
      const second = await get(b, '/api/account/security', two.cookie);
      expect(first.json().email).toBe(one.input.email);
      expect(second.json().email).toBe(two.input.email);
    }
  });
});
