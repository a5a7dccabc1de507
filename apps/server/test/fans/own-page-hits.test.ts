import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { going, moveShow } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { handlerSpy, tracedRequests } from '../support/raw-http.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A user's own page answered before Fastify from the private cache (http/cached-hits.ts,
 * http/private-cache.ts' `answerEarly`), over real HTTP: `inject` goes straight to Fastify's
 * handler and never meets the server in front of it. Whether a route's handler ran is told by
 * Fastify's own diagnostics channel (`handlerSpy`); a refusal (401, 403) comes from a hook, so
 * its status tells who answered.
 */
let t: TestApp;
let base: string;
const spy = handlerSpy();
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  spy.stop();
  await t.close();
});

/** One request as a client sends it, with the raw headers and bytes it got back. */
const get = tracedRequests(spy, () => base);

const ENCODINGS: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br' },
];

/** The same page by a URL never sent before (the limit spelt with leading zeros): Fastify's. */
let spellings = 0;
const spelt = (path: string, param: string, value: string) => {
  spellings += 1;
  return `${path}?${param}=${'0'.repeat(spellings)}${value}`;
};

/** A fan going to one show, and the performer and venue of it. */
async function world(day: number) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue');
  const fan = await member(t, 'fan');
  const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(day) });
  await going(t, fan.cookie, show.id);
  return { performer, venue, fan, show };
}

describe("a user's own page in the cache", () => {
  it('is answered before Fastify with the bytes and headers Fastify sends for it', async () => {
    const { performer, venue, fan } = await world(1);
    const pages = [
      { cookie: fan.cookie, path: '/api/fan/home', param: 'limit', value: '20' },
      { cookie: fan.cookie, path: '/api/fan/alerts', param: 'limit', value: '20' },
      { cookie: fan.cookie, path: '/api/notifications', param: 'limit', value: '20' },
      { cookie: performer.cookie, path: '/api/dashboards/performer', param: 'x', value: '1' },
      { cookie: venue.cookie, path: '/api/dashboards/venue', param: 'period', value: '30' },
    ];
    for (const { cookie, path, param, value } of pages) {
      const url = `${path}?${param}=${value}`;
      const first = await get(url, { cookie });
      expect(first.status, url).toBe(200);
      expect(first.fastify).toBe(true);
      for (const encoding of ENCODINGS) {
        const other = spelt(path, param, value);
        const early = await get(url, { ...encoding, cookie });
        const throughFastify = await get(other, { ...encoding, cookie });
        expect(early.fastify, url).toBe(false);
        expect(throughFastify.fastify, other).toBe(true);
        expect(early.status).toBe(200);
        expect(early.headers).toEqual(throughFastify.headers);
        expect(early.headers['cache-control']).toBe('no-store');
        expect(early.body.equals(throughFastify.body)).toBe(true);
        const etag = early.headers.etag as string;
        const revalidate = { ...encoding, cookie, 'if-none-match': etag };
        const notModified = await get(url, revalidate);
        const notModifiedByFastify = await get(spelt(path, param, value), revalidate);
        expect(notModifiedByFastify.fastify).toBe(true);
        expect(notModified.fastify).toBe(false);
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        expect(notModified.headers).toEqual(notModifiedByFastify.headers);
      }
    }
  });

  it("answers each user their own page at the same URL, and never another's", async () => {
    const { fan } = await world(2);
    const other = await member(t, 'fan');
    const url = '/api/fan/home';
    await get(url, { cookie: fan.cookie });
    const mine = await get(url, { cookie: fan.cookie });
    expect(mine.fastify).toBe(false);
    expect(JSON.parse(mine.body.toString()).counts.goingTo).toBe(1);
    // The URL is known, but nothing is kept for the other fan: Fastify reads theirs.
    const theirs = await get(url, { cookie: other.cookie });
    expect(theirs.fastify).toBe(true);
    expect(JSON.parse(theirs.body.toString()).counts.goingTo).toBe(0);
    const theirsAgain = await get(url, { cookie: other.cookie });
    expect(theirsAgain.fastify).toBe(false);
    expect(theirsAgain.body.equals(theirs.body)).toBe(true);
  });

  it('leaves refusals to Fastify: a wrong role, a signed-out session, a cookie not ours', async () => {
    const { performer, fan } = await world(3);
    const url = '/api/fan/home';
    await get(url, { cookie: fan.cookie });
    expect((await get(url, { cookie: fan.cookie })).fastify).toBe(false);
    expect((await get(url, { cookie: performer.cookie })).status).toBe(403);
    expect((await get(url, { cookie: 'better-auth.session_token=forged.sig' })).status).toBe(401);
    const out = await send(t.app, 'POST', '/api/account/logout', fan.cookie);
    expect(out.statusCode).toBe(204);
    // Signed out: the session's notice drops it from memory before the next request is answered.
    const after = await get(url, { cookie: fan.cookie });
    expect(after.status).toBe(401);
  });

  it('is dropped by a change: Fastify answers the new page, and then the early answer does', async () => {
    const { performer, venue, fan } = await world(4);
    const url = '/api/fan/home';
    await get(url, { cookie: fan.cookie });
    expect((await get(url, { cookie: fan.cookie })).fastify).toBe(false);
    const second = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(5) });
    await going(t, fan.cookie, second.id);
    // The going mark's commit is before this request: the answer waits for its notice.
    const fresh = await get(url, { cookie: fan.cookie });
    expect(fresh.fastify).toBe(true);
    expect(JSON.parse(fresh.body.toString()).counts.goingTo).toBe(2);
    const next = await get(url, { cookie: fan.cookie });
    expect(next.fastify).toBe(false);
    expect(next.body.equals(fresh.body)).toBe(true);
  });

  it("shows a change committed before the request, every time: it waits for the change's notice", async () => {
    const { fan, show } = await world(7);
    const url = '/api/fan/home';
    await get(url, { cookie: fan.cookie });
    expect((await get(url, { cookie: fan.cookie })).fastify).toBe(false);
    // Many rounds, straight in SQL: the wait for the notices must hold, not win a race now and then.
    for (let round = 0; round < 20; round += 1) {
      const startsAt = new Date(Date.UTC(YEAR, 7, 1 + round, 20));
      await moveShow(t, show.id, startsAt);
      const answer = await get(url, { cookie: fan.cookie });
      expect(JSON.parse(answer.body.toString()).nextShow.show.startsAt).toBe(
        startsAt.toISOString(),
      );
    }
  });

  it('answers 403 on the next request once the fan is no longer a fan', async () => {
    const { fan } = await world(8);
    const url = '/api/fan/home';
    await get(url, { cookie: fan.cookie });
    expect((await get(url, { cookie: fan.cookie })).fastify).toBe(false);
    await t.database.pool.query(`update "user" set role = 'performer' where id = $1`, [fan.id]);
    // Twice: the first refusal puts the session, with its new role, back in memory.
    expect((await get(url, { cookie: fan.cookie })).status).toBe(403);
    expect((await get(url, { cookie: fan.cookie })).status).toBe(403);
  });

  it('goes to Fastify for a rate-limited page (Discovery search counts every request)', async () => {
    const { fan } = await world(6);
    const url = '/api/discovery/artists?q=echo';
    expect((await get(url, { cookie: fan.cookie })).status).toBe(200);
    const again = await get(url, { cookie: fan.cookie });
    expect(again.status).toBe(200);
    expect(again.fastify).toBe(true);
  });
});
