import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import {
  CACHED_PAGES,
  type CachedPageName,
  NOTICE_COVERED_TABLES,
  userTag,
} from '../../src/http/cached-pages.ts';
import { going, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  type CachedPageWorld,
  cachedPageWorld,
  type Visit,
  visitsOf,
} from './support/cached-page-visits.ts';
import { type RowMutation, rowMutations } from './support/row-mutations.ts';
import { loaded, statementRecorder } from './support/sql-reads.ts';

/**
 * Decision 034's promise, checked row by row: a page is dropped only by the changes that name a
 * row it showed (http/cached-pages.ts' `byRow` tables and each route's `tags`), so a page that
 * forgot a tag would be served stale. For every cached page, every table it follows by row, and
 * every row of that table in a small world, the row is changed for real (deleted and put back,
 * or edited and restored; a show is also added and removed) and the page asked for again: when it
 * is still served from memory, its answer must be what a fresh read gives.
 */
let t: TestApp;
let record: ReturnType<typeof statementRecorder>;
let world: CachedPageWorld;
let visits: Record<CachedPageName, Visit[]>;
/** A public page only a notice naming its venue drops: once it goes, earlier notices were heard. */
let canary: Visit;

beforeAll(async () => {
  t = await createTestApp();
  record = statementRecorder(t.database.pool);
  world = await cachedPageWorld(t);
  visits = visitsOf(world);
  canary = { url: `/api/venues/${world.neighbour(world.venue).id}`, as: null };
});
afterAll(async () => {
  await t.close();
});

/** One request: whether it was read from the database, and its answer. */
async function ask(v: Visit): Promise<{ loaded: boolean; body: string }> {
  const { result, statements } = await record(() =>
    send(t.app, 'GET', v.url, v.as?.cookie ?? undefined),
  );
  expect(result.statusCode, `${v.url}: ${result.body}`).toBe(200);
  return { loaded: loaded(statements), body: result.body };
}

/**
 * Waits until the cache has handled every notice committed so far. A private page's request does
 * this itself (its barrier, decision 029); the public cache hears its notices in order, so a
 * notice that drops only the canary, once seen, says the earlier ones were handled.
 */
async function settle(page: CachedPageName) {
  if (CACHED_PAGES[page].cache === 'private') return;
  await t.database.pool.query('select pg_notify($1, $2)', [
    PG_CHANNELS.publicChanged,
    `show_attendance|${userTag(world.neighbour(world.venue).id)}`,
  ]);
  await eventually(async () => (await ask(canary)).loaded);
}

/** Every page forgotten, in the caches that hold it; the next request reads afresh. */
async function forgetAll(v: Visit) {
  await t.database.pool.query('select pg_notify($1, $2)', [PG_CHANNELS.publicChanged, '']);
  if (v.as) return; // the barrier
  await eventually(async () => (await ask(v)).loaded);
}

describe('a page followed by row', () => {
  it('is never served from memory after a change to a row its answer shows', async () => {
    const stale: string[] = [];
    let checked = 0;
    let dropped = 0;
    for (const page of Object.keys(CACHED_PAGES) as CachedPageName[]) {
      for (const table of CACHED_PAGES[page].byRow) {
        // No trigger: their writers send notices of their own (test/alerts/notification-cache).
        if (table in NOTICE_COVERED_TABLES) continue;
        const mutations = await rowMutations(t.database.pool, table);
        for (const v of visits[page]) {
          for (const mutation of mutations) {
            for (const step of [mutation.change, mutation.restore]) {
              const outcome = await check(page, v, step);
              checked += 1;
              if (outcome === 'dropped') dropped += 1;
              if (outcome === 'stale') {
                stale.push(`${page} ${v.url} stayed cached after ${table}: ${step.what}`);
              }
            }
          }
        }
      }
    }
    // Not vacuous: changes were made, and some of them dropped pages.
    expect(checked).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(10);
    expect(stale).toEqual([]);
    // Every followed row of every page, changed and restored: ~25 s on a quiet host, and it grows
    // with each table a page follows (show_faces, migration 0041).
  }, 120_000);

  it('stays cached through changes that name none of its rows', async () => {
    // Another band's show in another city, and a fan of theirs: nothing the pages show.
    const band = await member(t, 'performer', { artistName: 'Elsewhere Trio' });
    const venue = await member(t, 'venue', { city: 'Boston', state: 'MA', zipCode: '02108' });
    const show = await announceConfirmed(t, band, venue, { genre: 'Rock' });
    const stranger = await member(t, 'fan', { zipCode: '02108' });
    const pages = (Object.keys(CACHED_PAGES) as CachedPageName[])
      .filter((page) => page !== 'discoverySearch')
      .map((page) => ({ page, v: visits[page][0] as Visit }));
    for (const { v } of pages) await ask(v);
    await ask(canary);
    // The busy writes: a going mark and an artist alert.
    await going(t, stranger.cookie, show.id);
    await watch(t, stranger.cookie, band.id);
    await settle('show');
    const dropped: string[] = [];
    for (const { page, v } of pages) if ((await ask(v)).loaded) dropped.push(`${page} ${v.url}`);
    expect(dropped).toEqual([]);
  });

  it('keeps the fan pages when a show is announced that they cannot list', async () => {
    // Another band's show of a genre the world's fan does not favour, in another city.
    const band = await member(t, 'performer', { artistName: 'Faraway Five' });
    const venue = await member(t, 'venue', { city: 'Boston', state: 'MA', zipCode: '02108' });
    const kept = (['show', 'artist', 'venue', 'fanHome', 'fanAlerts'] as const).flatMap((page) =>
      visits[page].map((v) => ({ page, v })),
    );
    const city = visits.city[0] as Visit;
    for (const { v } of [...kept, { v: city }]) await ask(v);
    await announceConfirmed(t, band, venue, { genre: 'Metal' });
    await settle('show');
    const dropped: string[] = [];
    for (const { page, v } of kept) if ((await ask(v)).loaded) dropped.push(`${page} ${v.url}`);
    expect(dropped).toEqual([]);
    // Not vacuous: the city listing, which any show may join, went.
    expect((await ask(city)).loaded).toBe(true);
  });
});

type Outcome = 'dropped' | 'kept' | 'stale' | 'not cached';

/** The page cached, the step made, the page asked for: dropped, kept (rightly) or stale. */
async function check(
  page: CachedPageName,
  v: Visit,
  step: RowMutation['change'],
): Promise<Outcome> {
  await ask(v);
  if ((await ask(v)).loaded) return 'not cached';
  if (CACHED_PAGES[page].cache === 'public') await ask(canary);
  await t.database.pool.query(step.sql, step.values);
  await settle(page);
  const after = await ask(v);
  if (after.loaded) return 'dropped';
  await forgetAll(v);
  const fresh = await ask(v);
  return fresh.body === after.body ? 'kept' : 'stale';
}
