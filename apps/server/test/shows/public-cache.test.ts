import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHANGES_CONNECTION } from '../../src/http/public-change-listener.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceAs, announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The public pages' cache (http/public-cache.ts): what it serves equals what the route builds,
 * every change to a page's sources shows on the next request once the database's notice arrives
 * (polled with a deadline far below the cache's 60 s max age, so only the notice can explain it),
 * ETag/304, nobody's own state in anyone else's response, and a lost LISTEN connection.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER = 'gzip, deflate, br';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/**
 * Writes past the change triggers (a replica's session runs no ordinary trigger), so no notice is
 * sent: what the next request answers then tells whether it came from the cache.
 */
async function silently(statement: ReturnType<typeof sql>) {
  await t.database.orm.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

type ListedShow = {
  id: string;
  priceMin: number | null;
  status: string;
  performer: { name: string };
};
/** What the checks below read of the artist, venue and show pages and the city listing. */
type PageBody = {
  artist: { name: string; bio: string; followers: number };
  venue: { name: string };
  show: ListedShow & { attendingCount: number };
  upcoming: ListedShow[];
  shows: Array<{ id: string }>;
};

/** Polls until `url` answers what `check` accepts (the notice has been handled). */
const until = (url: string, check: (body: PageBody) => boolean, cookie?: string) =>
  eventually(async () => {
    const response = await send(t.app, 'GET', url, cookie);
    return response.statusCode === 200 && check(response.json<PageBody>());
  });

async function artistWithShow(day: number) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue');
  const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(day) });
  return { performer, venue, show };
}

describe('the cached response', () => {
  it('is the response the route builds, in every encoding, and is served from memory', async () => {
    const { performer } = await artistWithShow(1);
    const url = `/api/artists/${performer.id}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    // A write that sends no notice: the page still answers as before, so it came from the cache.
    await silently(sql`update performer_profiles set bio = 'changed unseen'
      where user_id = ${performer.id}`);
    const second = await get(url);
    expect(second.body).toBe(first.body);
    const compressed = await get(url, { 'accept-encoding': BROWSER });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);
    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(first.json().artist.bio).not.toBe('changed unseen');
  });

  it('leaves out what the route’s schema leaves out (the owner’s figures)', async () => {
    const { performer } = await artistWithShow(2);
    const page = (await get(`/api/artists/${performer.id}`)).json();
    expect(page.upcoming[0]).not.toHaveProperty('grossRevenue');
    expect(page.upcoming[0]).not.toHaveProperty('attendance');
  });

  it('answers If-None-Match with 304 and no body, and a new ETag once the page changed', async () => {
    const { performer } = await artistWithShow(3);
    const url = `/api/artists/${performer.id}`;
    const first = await get(url, { 'accept-encoding': BROWSER });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get(url, { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The same JSON in another encoding is the same page: still current.
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const edited = await send(t.app, 'PATCH', '/api/profile/performer', performer.cookie, {
      bio: 'A new bio for the ETag',
    });
    expect(edited.statusCode).toBe(200);
    await eventually(
      async () => (await get(url, { 'if-none-match': etag })).statusCode === 200 || undefined,
    );
    expect((await get(url)).headers.etag).not.toBe(etag.replace('-br', ''));
  });
});

describe('a change is on the next page once its notice arrives', () => {
  it('a profile edit (artist and venue pages)', async () => {
    const { performer, venue } = await artistWithShow(4);
    await get(`/api/artists/${performer.id}`);
    await get(`/api/venues/${venue.id}`);
    await send(t.app, 'PATCH', '/api/profile/performer', performer.cookie, {
      artistName: 'Renamed Headliner',
    });
    await until(`/api/artists/${performer.id}`, (p) => p.artist.name === 'Renamed Headliner');
    // The venue page lists the show by the performer's name.
    await until(
      `/api/venues/${venue.id}`,
      (p) => p.upcoming[0]?.performer.name === 'Renamed Headliner',
    );
    await send(t.app, 'PATCH', '/api/profile/venue', venue.cookie, { venueName: 'Renamed Hall' });
    await until(`/api/venues/${venue.id}`, (p) => p.venue.name === 'Renamed Hall');
  });

  it('a show edit, then its cancellation (artist, venue and show pages)', async () => {
    const { performer, venue, show } = await artistWithShow(5);
    const pages = [`/api/artists/${performer.id}`, `/api/venues/${venue.id}`];
    for (const url of [...pages, `/api/shows/${show.id}`]) await get(url);
    const edited = await send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, {
      priceMin: 11,
    });
    expect(edited.statusCode).toBe(200);
    for (const url of pages) await until(url, (p) => p.upcoming[0]?.priceMin === 11);
    await until(`/api/shows/${show.id}`, (p) => p.show.priceMin === 11);
    await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    for (const url of pages) await until(url, (p) => p.upcoming[0]?.status === 'cancelled');
    await until(`/api/shows/${show.id}`, (p) => p.show.status === 'cancelled');
  });

  it('a support act’s confirmation puts the show on its artist page', async () => {
    const headliner = await member(t, 'performer');
    const act = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const pending = await announceAs(t, headliner.cookie, {
      performerId: headliner.id,
      venueId: venue.id,
      startsAtLocal: laterStart(6),
      supportingActs: [{ performerId: act.id }],
    });
    const confirmed = await send(t.app, 'POST', `/api/shows/${pending.id}/confirm`, venue.cookie);
    expect(confirmed.statusCode).toBe(200);
    const url = `/api/artists/${act.id}`;
    expect((await get(url)).json().upcoming).toEqual([]);
    const answer = await send(t.app, 'POST', `/api/shows/${pending.id}/acts/confirm`, act.cookie);
    expect(answer.statusCode).toBe(200);
    await until(url, (p) => p.upcoming[0]?.id === pending.id);
  });

  it('a new follower counts on the artist page', async () => {
    const { performer } = await artistWithShow(7);
    const url = `/api/artists/${performer.id}`;
    expect((await get(url)).json().artist.followers).toBe(0);
    const fan = await member(t, 'fan');
    await send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, {
      channels: ['email'],
    });
    await until(url, (p) => p.artist.followers === 1);
  });

  it('an account deletion takes the artist page and its shows away', async () => {
    const { performer, venue } = await artistWithShow(8);
    const url = `/api/artists/${performer.id}`;
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(`/api/venues/${venue.id}`)).json().upcoming).toHaveLength(1);
    expect((await send(t.app, 'DELETE', '/api/account', performer.cookie)).statusCode).toBe(204);
    await eventually(async () => (await get(url)).statusCode === 404 || undefined);
    await until(`/api/venues/${venue.id}`, (p) => p.upcoming.length === 0);
  });

  it('a confirmed show shows in the city listing', async () => {
    const url = '/api/shows?near=Springfield,%20IL&radius=25';
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', {
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      streetAddress: '1 Capitol Ave',
    });
    const before = (await get(url)).json().shows.length;
    const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(9) });
    await until(url, (p) => p.shows.some((s) => s.id === show.id));
    expect(before).toBeLessThan((await get(url)).json().shows.length);
  });
});

describe('what a viewer sees of their own', () => {
  it('a fan’s alert is on their artist page only, never in the shared one', async () => {
    const { performer } = await artistWithShow(10);
    const url = `/api/artists/${performer.id}`;
    const watcher = await member(t, 'fan');
    const other = await member(t, 'fan');
    await send(t.app, 'PUT', `${url}/alert`, watcher.cookie, { channels: ['email'] });
    await until(url, (p) => p.artist.followers === 1);
    const own = await send(t.app, 'GET', url, watcher.cookie);
    expect(own.json().alert).toMatchObject({ performerId: performer.id, channels: ['email'] });
    expect(own.headers['cache-control']).toBe('no-store');
    for (const cookie of [undefined, other.cookie, performer.cookie]) {
      const seen = await send(t.app, 'GET', url, cookie);
      expect(seen.json().alert).toBeNull();
      expect(seen.body).not.toContain('"channels"');
    }
  });

  it('a fan’s going mark is on their show page only', async () => {
    const { show } = await artistWithShow(11);
    const url = `/api/shows/${show.id}`;
    const going = await member(t, 'fan');
    const other = await member(t, 'fan');
    await get(url);
    const marked = await send(t.app, 'PUT', `${url}/attendance`, going.cookie, { status: 'going' });
    expect(marked.statusCode).toBe(200);
    expect((await send(t.app, 'GET', url, going.cookie)).json().myAttendance).toBe('going');
    await until(url, (p) => p.show.attendingCount === 1);
    for (const cookie of [undefined, other.cookie]) {
      expect((await send(t.app, 'GET', url, cookie)).json().myAttendance).toBeNull();
    }
  });
});

describe('the LISTEN connection', () => {
  const listenerPid = async () => {
    const { rows } = await t.database.orm.execute<{ pid: number }>(sql`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = ${PUBLIC_CHANGES_CONNECTION}`);
    return rows[0]?.pid;
  };

  it('when lost, the cache is emptied and bypassed; once back, it caches again', async () => {
    const { performer } = await artistWithShow(12);
    const url = `/api/artists/${performer.id}`;
    const bio = (text: string) =>
      silently(sql`update performer_profiles set bio = ${text} where user_id = ${performer.id}`);
    await bio('before the loss');
    await until(url, (p) => p.artist.bio === 'before the loss');
    await bio('written while nobody is told');
    expect((await get(url)).json().artist.bio).toBe('before the loss');

    const pid = await eventually(listenerPid);
    await t.database.orm.execute(sql`select pg_terminate_backend(${pid})`);
    // Notices sent meanwhile are lost: the page is read afresh rather than served stale.
    await until(url, (p) => p.artist.bio === 'written while nobody is told');

    // Listening again (a new backend), the page is cached again: an untold write stays unseen.
    await eventually(async () => {
      const next = await listenerPid();
      return next !== undefined && next !== pid;
    });
    let writes = 0;
    await eventually(async () => {
      const served = (await get(url)).json().artist.bio;
      writes += 1;
      await bio(`untold write ${writes}`);
      return (await get(url)).json().artist.bio === served;
    });
  });
});
