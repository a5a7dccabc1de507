import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { eventOf, fan, subscribePush, watch } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { createUser } from '../support/factories.ts';
import { freePort } from '../support/free-port.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, GENEROUS_RATE_LIMITS, type TestApp } from '../support/test-app.ts';

/**
 * GET /metrics: served on METRICS_PORT only, in Prometheus' text
 * format, and its figures move with the traffic this test makes: requests by route and status,
 * rate-limit refusals, cache and session lookups, the pool and the outbox.
 */
let t: TestApp;
let metricsUrl: string;
let publicUrl: string;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({
    metrics: { port, host: '127.0.0.1' },
    rateLimit: { ...GENEROUS_RATE_LIMITS, usernameCheck: 2 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Every sample of the scrape: `name{labels}` → value. */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** A sample's value (0 when absent), found by its name and labels in any order. */
function sample(samples: Map<string, number>, name: string, labels: Record<string, string>) {
  const wanted = Object.entries({ ...labels, process: 'api' }).map(([k, v]) => `${k}="${v}"`);
  for (const [key, value] of samples) {
    if (!key.startsWith(`${name}{`)) continue;
    const have = key.slice(name.length + 1, -1).split(',');
    if (wanted.every((label) => have.includes(label)) && have.length === wanted.length) {
      return value;
    }
  }
  return 0;
}

describe('GET /metrics', () => {
  it('is served on its own port, never on the public one', async () => {
    const onPublic = await fetch(`${publicUrl}/metrics`);
    expect(await onPublic.text()).not.toContain('encore_http_requests_total');
    const elsewhere = await fetch(metricsUrl.replace('/metrics', '/'));
    expect(elsewhere.status).toBe(404);
    const samples = await scrape();
    expect(sample(samples, 'process_cpu_seconds_total', {})).toBeGreaterThan(0);
  });

  it('counts and times requests by route pattern and status, and rate-limit refusals', async () => {
    const route = { method: 'GET', route: '/api/account/username-exists' };
    const before = await scrape();
    for (const name of ['metricsalpha', 'metricsbravo', 'metricscharlie']) {
      await fetch(`${publicUrl}/api/account/username-exists?username_to_check=${name}`);
    }
    await fetch(`${publicUrl}/api/health`);
    const after = await scrape();
    const ok = { ...route, status: '200' };
    const refused = { ...route, status: '429' };
    const requests = 'encore_http_requests_total';
    expect(sample(after, requests, ok) - sample(before, requests, ok)).toBe(2);
    expect(sample(after, requests, refused) - sample(before, requests, refused)).toBe(1);
    const limits = 'encore_rate_limit_refusals_total';
    expect(sample(after, limits, route) - sample(before, limits, route)).toBe(1);
    const count = 'encore_http_request_duration_seconds_count';
    expect(sample(after, count, route) - sample(before, count, route)).toBe(3);
    // The raw URL (with what was searched for) is never a label.
    expect([...after.keys()].some((key) => key.includes('metricsalpha'))).toBe(false);
  });

  it('counts page cache and session lookups, early answers included', async () => {
    const performer = await member(t, 'performer', { artistName: 'Metric Static' });
    const url = `${publicUrl}/api/artists/${performer.id}`;
    const { cookie } = await createUser(t.app);
    const before = await scrape();
    await fetch(url); // a miss, answered by its route (which learns the URL)
    await fetch(url); // a hit, answered before Fastify
    // A signed-in route: its access rule reads the session (in memory after the first read).
    await fetch(`${publicUrl}/api/account/security`, { headers: { cookie } });
    await fetch(`${publicUrl}/api/account/security`, { headers: { cookie } });
    const after = await scrape();
    const lookups = 'encore_cache_lookups_total';
    const miss = { cache: 'public', result: 'miss' };
    const hit = { cache: 'public', result: 'hit' };
    expect(sample(after, lookups, miss) - sample(before, lookups, miss)).toBe(1);
    expect(sample(after, lookups, hit) - sample(before, lookups, hit)).toBe(1);
    const early = 'encore_cache_early_answers_total';
    expect(
      sample(after, early, { cache: 'public' }) - sample(before, early, { cache: 'public' }),
    ).toBe(1);
    const sessions = 'encore_session_cache_lookups_total';
    expect(sample(after, sessions, { result: 'hit' })).toBeGreaterThan(
      sample(before, sessions, { result: 'hit' }),
    );
  });

  it("counts Your Alerts' own cards kept beside the page as a cache of their own", async () => {
    const fan = await member(t, 'fan', { zipCode: '10001' });
    const alerts = () => fetch(`${publicUrl}/api/fan/alerts`, { headers: { cookie: fan.cookie } });
    const lookups = 'encore_cache_lookups_total';
    const parts = (result: string) => ({ cache: 'private_parts', result });
    const before = await scrape();
    expect((await alerts()).status).toBe(200); // the page and its cards read
    expect((await alerts()).status).toBe(200); // the page from memory: its cards not looked up
    const after = await scrape();
    expect(sample(after, lookups, parts('miss')) - sample(before, lookups, parts('miss'))).toBe(1);
    expect(sample(after, lookups, parts('hit')) - sample(before, lookups, parts('hit'))).toBe(0);
  });

  it('counts the pages a change drops, which the next read misses', async () => {
    const performer = await member(t, 'performer', { artistName: 'Metric Dropped' });
    const url = `${publicUrl}/api/artists/${performer.id}`;
    await fetch(url); // kept
    const before = await scrape();
    const dropped = 'encore_cache_dropped_total';
    const lookups = 'encore_cache_lookups_total';
    const miss = { cache: 'public', result: 'miss' };
    await t.database.pool.query(
      `update performer_profiles set bio = 'Changed since' where user_id = $1`,
      [performer.id],
    );
    // The change's notice reaches the cache after the commit: the artist's page, and no other.
    await expect
      .poll(async () => sample(await scrape(), dropped, { cache: 'public' }), {
        timeout: budget(10_000),
        interval: 50,
      })
      .toBe(sample(before, dropped, { cache: 'public' }) + 1);
    const page = (await (await fetch(url)).json()) as { artist: { bio: string } };
    expect(page.artist.bio).toBe('Changed since');
    const after = await scrape();
    expect(sample(after, lookups, miss) - sample(before, lookups, miss)).toBe(1);
  });

  it('shows the pool and the outbox: pending deliveries by channel and the oldest one’s age', async () => {
    const performer = await member(t, 'performer', { artistName: 'Outbox Static' });
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const before = await scrape();
    const fans = [await fan(t), await fan(t)];
    for (const f of fans) {
      await watch(t, f.cookie, performer.id, ['push']);
      await subscribePush(t, f.id);
    }
    const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
    await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
    // The second outbox: a message to the same two watchers, by email (their default).
    const message = await send(t.app, 'POST', '/api/artist-messages', performer.cookie, {
      body: 'Presale code METRICS',
      audience: 'all',
    });
    expect(message.statusCode, message.body).toBe(201);
    const after = await scrape();
    const pending = 'encore_outbox_pending';
    const push = { channel: 'push', outbox: 'alerts' };
    expect(sample(after, pending, push) - sample(before, pending, push)).toBe(2);
    expect(sample(after, 'encore_outbox_oldest_pending_seconds', push)).toBeGreaterThanOrEqual(0);
    expect([...after.keys()]).toContain(
      'encore_outbox_oldest_pending_seconds{channel="push",outbox="alerts",process="api"}',
    );
    const messageEmail = { channel: 'email', outbox: 'artist_messages' };
    expect(sample(after, pending, messageEmail) - sample(before, pending, messageEmail)).toBe(2);
    expect(sample(after, 'encore_pg_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    expect([...after.keys()]).toContain(
      'encore_pg_pool_connections{state="waiting",process="api"}',
    );
  });
});
