import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFor, createBatchedCounter } from '../../src/http/rate-limit-batched.ts';
import { createRateLimitRepo } from '../../src/repositories/rate-limit.repo.ts';
import { expectLimited, tightLimits } from '../support/rate-limits.ts';
import { send, uniqueIp } from '../support/requests.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The search bucket counted in each process' memory and added to the shared counters in batches
 * (http/rate-limit-batched.ts, decision 031): exact in one process, within P × batch across P
 * processes (no write per request: test/fans/discovery-search-cache.test.ts).
 */
const MAX = 20;
const BATCH = batchFor(MAX);
let t: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: tightLimits({ search: MAX }) });
  ({ app: b, close: closeB } = await startSecondProcess(t));
});
afterAll(async () => {
  await closeB();
  await t.close();
});

/** A search from a new address each time: only the account's limit can apply. */
const search = (cookie: string, app: FastifyInstance = t.app, q = 'anything') =>
  send(app, 'GET', `/api/discovery/artists?q=${q}`, { cookie, ip: uniqueIp() });

describe('the search limit, counted in memory', () => {
  it('refuses exactly past the limit in one process, sequential or all at once', async () => {
    const fan = await member(t, 'fan');
    for (let i = 0; i < MAX; i += 1) {
      const response = await search(fan.cookie, t.app, `q${i}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectLimited(await search(fan.cookie));

    const other = await member(t, 'fan');
    const burst = await Promise.all(Array.from({ length: MAX + 10 }, () => search(other.cookie)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('holds across two processes within 2 × batch, and both refuse past it', async () => {
    const fan = await member(t, 'fan');
    let admitted = 0;
    for (let i = 0; i < MAX * 2; i += 1) {
      const response = await search(fan.cookie, i % 2 === 0 ? t.app : b);
      if (response.statusCode === 200) admitted += 1;
      else expectLimited(response);
    }
    expect(admitted).toBeGreaterThanOrEqual(MAX);
    expect(admitted).toBeLessThanOrEqual(MAX + 2 * BATCH);
    expectLimited(await search(fan.cookie, t.app));
    expectLimited(await search(fan.cookie, b));
  });
});

describe('batched counters on one database, as processes', () => {
  it('admit at most max + P × batch in a window, and each alone is exact', async () => {
    const repo = createRateLimitRepo(t.database.orm);
    const batch = 3;
    const max = 12;
    // No periodic batch: every sync here is one a hit asked for.
    const options = { batch, windowSeconds: 60, onError: () => {}, flushIntervalMs: 3_600_000 };
    const one = createBatchedCounter(repo, options);
    const two = createBatchedCounter(repo, options);
    try {
      let admitted = 0;
      for (let i = 0; i < max * 3; i += 1) {
        const [hit] = await (i % 2 === 0 ? one : two).hit('batched-test', ['shared-key']);
        if ((hit?.hits ?? 0) <= max) admitted += 1;
      }
      expect(admitted).toBeGreaterThanOrEqual(max);
      expect(admitted).toBeLessThanOrEqual(max + 2 * batch);

      let alone = 0;
      for (let i = 0; i < max * 2; i += 1) {
        const [hit] = await one.hit('batched-test', ['own-key']);
        if ((hit?.hits ?? 0) <= max) alone += 1;
      }
      expect(alone).toBe(max);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
