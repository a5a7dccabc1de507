import { rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
import { handlerSpy, tracedRequests } from '../support/raw-http.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A cached public page's hit answered before Fastify (http/cached-hits.ts, `answerEarly`), over
 * real HTTP: `inject` goes straight to Fastify's handler and never meets the server in front of
 * it. Whether Fastify saw a request is told by its own diagnostics channel (`handlerSpy`).
 */
let t: TestApp;
let base: string;
let dist: string;
const spy = handlerSpy();
beforeAll(async () => {
  // A web build, for the pages' HTML (routes/page-html.routes.ts), cached as their JSON.
  dist = makeTempDir('web-dist-hits');
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><head><title>Encore</title></head><div id="root"></div>${'<!-- -->'.repeat(200)}`,
  );
  t = await createTestApp({ webDistDir: dist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  spy.stop();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** One request as a client sends it, with the raw headers and bytes it got back. */
const get = tracedRequests(spy, () => base);

async function world(day: number) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue', {
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    streetAddress: '1 Capitol Ave',
  });
  const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(day) });
  return { performer, venue, show };
}

const ENCODINGS: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br' },
];

describe('a public page in the cache', () => {
  it('is answered before Fastify with the bytes and headers Fastify sends for it', async () => {
    const { performer, venue, show } = await world(1);
    const pages = [
      `/api/artists/${performer.id}`,
      `/api/venues/${venue.id}`,
      `/api/shows/${show.id}`,
      '/api/shows?near=62701&radius=25',
      `/artists/${performer.id}`,
      `/venues/${venue.id}`,
      `/shows/${show.id}`,
      '/shows?near=62701&radius=25',
      '/shows',
      // The tour-date feeds: their CORS header and calendar type come before Fastify too. (Last:
      // the listings' spellings above are numbered, and a ZIP has 32.)
      `/api/artists/${performer.id}/shows.json`,
      `/api/venues/${venue.id}/shows.ics`,
    ];
    // The same page by a URL spelt as never before (an ignored parameter; the listing's ZIP with
    // other digits percent-encoded): new to the early answer, so Fastify answers it, from the
    // same cache entry.
    let spellings = 0;
    const spelt = (url: string) => {
      spellings += 1;
      if (!url.includes('?')) return `${url}?spelt=${spellings}`;
      const zip = [...'62701'].map((digit, i) => (spellings & (1 << i) ? `%3${digit}` : digit));
      return `${url.slice(0, url.indexOf('?'))}?near=${zip.join('')}&radius=25`;
    };
    for (const url of pages) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      expect(first.fastify).toBe(true);
      for (const encoding of ENCODINGS) {
        const other = spelt(url);
        const early = await get(url, encoding);
        const throughFastify = await get(other, encoding);
        expect(early.fastify, url).toBe(false);
        expect(throughFastify.fastify, other).toBe(true);
        expect(early.status).toBe(200);
        expect(early.headers).toEqual(throughFastify.headers);
        expect(early.body.equals(throughFastify.body)).toBe(true);
        const etag = early.headers.etag as string;
        const notModified = await get(url, { ...encoding, 'if-none-match': etag });
        const notModifiedByFastify = await get(spelt(url), { ...encoding, 'if-none-match': etag });
        expect(notModifiedByFastify.fastify, url).toBe(true);
        expect(notModified.fastify).toBe(false);
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        expect(notModified.headers).toEqual(notModifiedByFastify.headers);
      }
    }
  });

  it('goes to Fastify for a request with a cookie: a fan gets their own artist page', async () => {
    const { performer } = await world(2);
    const fan = await member(t, 'fan');
    const url = `/api/artists/${performer.id}`;
    await get(url);
    expect((await get(url)).fastify).toBe(false);
    const followed = await send(t.app, 'PUT', `${url}/alert`, fan.cookie, { channels: ['email'] });
    expect(followed.statusCode).toBe(200);
    const own = await get(url, { cookie: fan.cookie });
    expect(own.fastify).toBe(true);
    expect(JSON.parse(own.body.toString()).alert).toMatchObject({ channels: ['email'] });
    expect(own.headers['cache-control']).toBe('no-store');
    // Any cookie at all: the early answer never decides who is asking.
    expect((await get(url, { cookie: 'unrelated=1' })).fastify).toBe(true);
  });

  it('goes to Fastify for HEAD and for a URL no route sent a page for', async () => {
    const { performer } = await world(3);
    const url = `/api/artists/${performer.id}`;
    await get(url);
    expect((await get(url, {}, 'HEAD')).fastify).toBe(true);
    const unknown = await get('/api/artists/no-such-artist');
    expect(unknown.status).toBe(404);
    expect((await get('/api/artists/no-such-artist')).fastify).toBe(true);
  });

  it('is dropped by a change: Fastify answers the new page, and then the early answer does', async () => {
    const { performer } = await world(4);
    const url = `/api/artists/${performer.id}`;
    await get(url);
    expect((await get(url)).fastify).toBe(false);
    const renamed = await send(t.app, 'PATCH', '/api/profile/performer', performer.cookie, {
      artistName: 'Renamed Before Fastify',
    });
    expect(renamed.statusCode).toBe(200);
    const fresh = await eventually(async () => {
      const answer = await get(url);
      const name = JSON.parse(answer.body.toString()).artist.name;
      return name === 'Renamed Before Fastify' ? answer : undefined;
    });
    expect(fresh.fastify).toBe(true);
    const next = await get(url);
    expect(next.fastify).toBe(false);
    expect(next.body.equals(fresh.body)).toBe(true);
  });
});
