import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { RATE_LIMITED_ROUTES, registerRateLimits } from '../../src/http/rate-limit-rules.ts';
import { createRateLimitRepo } from '../../src/repositories/rate-limit.repo.ts';
import { PASSWORD, signUpInput, unique } from '../support/factories.ts';
import { expectLimited, tightLimits } from '../support/rate-limits.ts';
import { announced } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimit: tightLimits({
      signUp: 2,
      login: 3,
      usernameCheck: 4,
      clientEvents: 2,
      ticketClicks: 2,
    }),
  });
});
afterAll(() => t.close());

/** Each test acts from its own client address, so tests do not share counters. */
let lastOctet = 0;
const newIp = () => `203.0.113.${++lastOctet}`;

const usernameCheck = (remoteAddress: string, app = t.app) =>
  app.inject({
    method: 'GET',
    url: '/api/account/username-exists?username_to_check=someone',
    remoteAddress,
  });

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
    for (let i = 0; i < 4; i++) expect((await usernameCheck(ip)).statusCode).toBe(200);
    expectLimited(await usernameCheck(ip));
    expect((await usernameCheck(newIp())).statusCode).toBe(200);
  });

  it('holds under concurrency: the counter is one atomic upsert', async () => {
    const ip = newIp();
    const responses = await Promise.all(Array.from({ length: 12 }, () => usernameCheck(ip)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  });

  it('keeps counting in the database, shared by every API process', async () => {
    const ip = newIp();
    // A second app on the same database stands in for a second API process.
    const second = await buildApp(t.config, t.database);
    try {
      await usernameCheck(ip, t.app);
      await usernameCheck(ip, second);
      await usernameCheck(ip, t.app);
      await usernameCheck(ip, second);
      expectLimited(await usernameCheck(ip, t.app));
      expectLimited(await usernameCheck(ip, second));
    } finally {
      await second.close();
    }
  });

  it("starts a client's new window once its window has passed", async () => {
    const ip = newIp();
    for (let i = 0; i < 4; i++) await usernameCheck(ip);
    expectLimited(await usernameCheck(ip));
    // As if the window had begun a minute ago: no test waits for a real one to end.
    await t.database.pool.query(
      `update rate_limit_counter set window_start = now() - interval '61 seconds'
        where bucket = 'username-check' and client_key = $1`,
      [ip],
    );
    for (let i = 0; i < 4; i++) expect((await usernameCheck(ip)).statusCode).toBe(200);
    expectLimited(await usernameCheck(ip));
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
  });

  it('limits the browser’s anonymous 404 reports, each of which writes a log line', async () => {
    const ip = newIp();
    const report = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-events/not-found',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ path: '/no-such-page' }),
      });
    expect((await report(ip)).statusCode).toBe(204);
    expect((await report(ip)).statusCode).toBe(204);
    expectLimited(await report(ip));
    expect((await report(newIp())).statusCode).toBe(204);
  });

  it('limits follows of a ticket link per address; a refused follow is not counted', async () => {
    const ip = newIp();
    const { show } = await announced(t);
    const follow = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/go/ticket/${show.id}`, remoteAddress });
    expect((await follow(ip)).statusCode).toBe(302);
    expect((await follow(ip)).statusCode).toBe(302);
    expectLimited(await follow(ip));
    expect((await follow(newIp())).statusCode).toBe(302);
    const { rows } = await t.database.orm.execute<{ clicks: number }>(
      sql`select clicks from ticket_clicks where show_id = ${show.id}`,
    );
    // Two visitors: the first address counts once however often it follows (second security probe).
    expect(rows).toEqual([{ clicks: 2 }]);
  });
});

describe('the table of limited routes', () => {
  it('names only routes that exist, each documented with its 429', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const key of Object.keys(RATE_LIMITED_ROUTES)) {
      const [method = '', path = ''] = key.split(' ');
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(Object.keys(operation.responses), key).toContain('429');
    }
    // Entering results shares its response map with edit and cancel but is not limited.
    expect(Object.keys(doc.paths['/api/shows/{id}/results'].put.responses)).not.toContain('429');
  });

  it('stops the app at start when a rule names a route that does not exist', async () => {
    const app = Fastify();
    registerRateLimits(app, tightLimits({}), createRateLimitRepo(t.database.orm), {
      'GET /api/old-name': { bucket: 'old', limit: 'search', perAccount: false },
    });
    app.get('/api/new-name', async () => ({}));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/old-name/);
    await app.close();
  });
});
