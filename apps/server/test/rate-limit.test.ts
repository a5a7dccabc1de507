import { GENERIC_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { PASSWORD, postJson, signUpInput, unique } from './support/factories.ts';
import { awayFromWindowEnd } from './support/rate-window.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { windowSeconds: 60, signUp: 2, login: 3, usernameCheck: 4 },
  });
});
afterAll(() => t.close());
// Each test's requests fall in one counting window.
beforeEach(() => awayFromWindowEnd(t.database.orm));

/** Each test acts from its own client address, so tests do not share counters. */
let lastOctet = 0;
const newIp = () => `203.0.113.${++lastOctet}`;

function expectLimited(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'RATE_LIMITED', message: GENERIC_MESSAGES.rateLimited },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits per client IP', () => {
  it('limits sign-ups, counting failed attempts too', async () => {
    const ip = newIp();
    const signUp = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await signUp(signUpInput())).statusCode).toBe(201);
    expect((await signUp({ username: 'x' })).statusCode).toBe(400);
    const input = signUpInput();
    expectLimited(await signUp(input));
    const { rows } = await t.database.pool.query('select 1 from "user" where email = $1', [
      input.email,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('limits logins', async () => {
    const ip = newIp();
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `x.${unique()}@example.com`, password: PASSWORD }),
      });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401);
    expectLimited(await login());
  });

  it('limits username checks and leaves other clients alone', async () => {
    const ip = newIp();
    const check = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/account/username-exists?username_to_check=someone`,
        remoteAddress,
      });
    for (let i = 0; i < 4; i++) expect((await check(ip)).statusCode).toBe(200);
    expectLimited(await check(ip));
    expect((await check(newIp())).statusCode).toBe(200);
  });

  it('holds under concurrency: the counter is one atomic upsert', async () => {
    const ip = newIp();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/account/username-exists?username_to_check=someone',
          remoteAddress: ip,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  });

  it('keeps counting in the database, shared by every API process', async () => {
    const ip = newIp();
    // A second app on the same database stands in for a second API process.
    const second = await buildApp(t.config, t.database);
    try {
      const check = (app: typeof t.app) =>
        app.inject({
          method: 'GET',
          url: '/api/account/username-exists?username_to_check=a_b',
          remoteAddress: ip,
        });
      await check(t.app);
      await check(second);
      await check(t.app);
      await check(second);
      expectLimited(await check(t.app));
      expectLimited(await check(second));
    } finally {
      await second.close();
    }
  });

  it('does not limit the endpoints that need no limit', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/account/session',
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await postJson(t.app, '/api/client-events/not-found', { path: '/x' })).statusCode).toBe(
      204,
    );
  });
});
