import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import {
  CACHED_PAGES,
  type CachedPageName,
  NOTICE_COVERED_TABLES,
  userTag,
} from '../../src/http/cached-pages.ts';
import { budget } from '../support/budget.ts';
import { going, watch } from '../support/fan-pages.ts';
import { saveProfile, send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { startReferenceProcess } from '../support/second-process.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { privacy } from '../support/social.ts';
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
/**
 * A second API process on the same database that caches no page and keeps no show fragment
 * (Your Alerts, the artist and venue pages read whole): what a fresh read gives.
 */
let reference: Awaited<ReturnType<typeof startReferenceProcess>>;
/** A public page only a notice naming its venue drops: once it goes, earlier notices were heard. */
let canary: Visit;

beforeAll(async () => {
  t = await createTestApp();
  record = statementRecorder(t.database.pool);
  world = await cachedPageWorld(t);
  visits = visitsOf(world);
  canary = { url: `/api/venues/${canaryVenue()}`, as: null };
  reference = await startReferenceProcess(t);
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

/** A notice's round trip takes a millisecond or two: the canary is asked for that often. */
const NOTICE_POLL_MS = 2;

/** The venue whose page is the canary: a notice naming it, once heard, says the earlier were. */
const canaryVenue = () => world.neighbour(world.venue).id;

/**
 * One request: whether it was read from the database, and its answer. A change may take a page's
 * subject away (a venue's profile deleted: 404) when `gone` allows it; otherwise it must be there.
 */
async function ask(v: Visit, gone = false): Promise<{ loaded: boolean; body: string }> {
  const { result, statements } = await record(() =>
    send(t.app, 'GET', v.url, v.as?.cookie ?? undefined),
  );
  if (!(gone && result.statusCode === 404)) {
    expect(result.statusCode, `${v.url}: ${result.body}`).toBe(200);
  }
  return { loaded: loaded(statements), body: `${result.statusCode} ${result.body}` };
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
    `venue_profiles|${userTag(world.neighbour(world.venue).id)}`,
  ]);
  await eventually(async () => (await ask(canary)).loaded, 5_000, NOTICE_POLL_MS);
}

describe('a page followed by row', () => {
  it(
    'is never served from memory after a change to a row its answer shows',
    async () => {
      const stale: string[] = [];
      let checked = 0;
      let dropped = 0;
      const pages = Object.keys(CACHED_PAGES) as CachedPageName[];
      const tables = new Set(pages.flatMap((page) => CACHED_PAGES[page].byRow));
      for (const table of tables) {
        // No trigger: their writers send notices of their own (test/alerts/notification-cache).
        if (table in NOTICE_COVERED_TABLES) continue;
        // Every visit of every page that follows the table, checked together on each change.
        const followers = pages
          .filter((page) => (CACHED_PAGES[page].byRow as readonly string[]).includes(table))
          .flatMap((page) => visits[page].map((v) => ({ page, v })));
        // The canary's venue stays as it is: its page tells when the notices were handled.
        const mutations = await rowMutations(t.database.pool, table, { spare: canaryVenue() });
        for (const mutation of mutations) {
          for (const step of [mutation.change, mutation.restore]) {
            const outcomes = await check(followers, step);
            for (const [i, outcome] of outcomes.entries()) {
              checked += 1;
              if (outcome === 'dropped') dropped += 1;
              if (outcome === 'stale') {
                const { page, v } = followers[i] as (typeof followers)[number];
                stale.push(`${page} ${v.url} answered stale after ${table}: ${step.what}`);
              }
            }
          }
        }
      }
      // Not vacuous: changes were made, and some of them dropped pages.
      expect(checked).toBeGreaterThan(100);
      expect(dropped).toBeGreaterThan(10);
      expect(stale).toEqual([]);
      // Every followed row of every page, changed and restored.
    },
    budget(120_000),
  );

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
    // And who people are (migration 0044): a sign-up, and a fan's profile and privacy edited.
    const newcomer = await member(t, 'fan', { zipCode: '10001' });
    expect((await saveProfile(t.app, 'fan', newcomer.cookie)).statusCode).toBe(200);
    expect((await privacy(t, stranger, { visibility: 'friends' })).statusCode).toBe(200);
    await settle('show');
    const dropped: string[] = [];
    for (const { page, v } of pages) if ((await ask(v)).loaded) dropped.push(`${page} ${v.url}`);
    expect(dropped).toEqual([]);
  });

  it('keeps the fan pages and far cities when a show is announced that they cannot list', async () => {
    // Another band's show of a genre the world's fan does not favour, in another city.
    const band = await member(t, 'performer', { artistName: 'Faraway Five' });
    const venue = await member(t, 'venue', { city: 'Boston', state: 'MA', zipCode: '02108' });
    // New York's listings too (decision 055): Boston is 190 miles away, beyond their circles.
    const kept = (['show', 'artist', 'venue', 'fanHome', 'fanAlerts', 'city'] as const).flatMap(
      (page) => visits[page].map((v) => ({ page, v })),
    );
    const boston: Visit = { url: '/api/shows?near=02108', as: null };
    for (const { v } of [...kept, { v: boston }]) await ask(v);
    await announceConfirmed(t, band, venue, { genre: 'Metal' });
    await settle('show');
    const dropped: string[] = [];
    for (const { page, v } of kept) if ((await ask(v)).loaded) dropped.push(`${page} ${v.url}`);
    expect(dropped).toEqual([]);
    // Not vacuous: Boston's listing, which the show joins, went.
    expect((await ask(boston)).loaded).toBe(true);
  });
});

type Outcome = 'dropped' | 'kept' | 'stale' | 'not cached';

/** Pages whose fresh read joins parts kept apart from the page (decisions 051, 054). */
const MADE_OF_FRAGMENTS: ReadonlySet<CachedPageName> = new Set(['fanAlerts', 'artist', 'venue']);

/**
 * The pages cached, the step made, each page asked for again: dropped, kept (rightly) or stale
 * (its answer from memory is not what the reference process reads from the database now). One
 * write and one wait for its notice serve every page that follows the table.
 */
async function check(
  followers: ReadonlyArray<{ page: CachedPageName; v: Visit }>,
  step: RowMutation['change'],
): Promise<Outcome[]> {
  const outcomes: Outcome[] = followers.map(() => 'not cached');
  const cached: number[] = [];
  for (const [i, { v }] of followers.entries()) {
    // Most are still in memory from the step before; a page just read is asked for again.
    // Between a change and its undoing a page's subject may be gone (404, never cached).
    if (!(await ask(v, true)).loaded || !(await ask(v, true)).loaded) cached.push(i);
  }
  await ask(canary);
  await t.database.pool.query(step.sql, step.values);
  await settle('show');
  for (const i of cached) {
    const { page, v } = followers[i] as (typeof followers)[number];
    const after = await ask(v, true);
    const current = async () => (await askReference(v)) === after.body;
    // A page read again may still be made of kept parts (Your Alerts' show fragments): those too.
    if (after.loaded)
      outcomes[i] = !MADE_OF_FRAGMENTS.has(page) || (await current()) ? 'dropped' : 'stale';
    else outcomes[i] = (await current()) ? 'kept' : 'stale';
  }
  return outcomes;
}

/** The page as the database has it now, from the process that caches nothing. */
async function askReference(v: Visit): Promise<string> {
  const result = await send(reference.app, 'GET', v.url, v.as?.cookie ?? undefined);
  return `${result.statusCode} ${result.body}`;
}
