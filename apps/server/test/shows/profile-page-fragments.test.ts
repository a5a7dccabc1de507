import { type TArtistPage, ZArtistPage } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgListener, type PgListener } from '../../src/db/pg-listener.ts';
import { loadDemoDataIfEmpty } from '../../src/demo/load-demo-data.ts';
import { CACHED_PAGES, SHOW_FRAGMENT_TABLES } from '../../src/http/cached-pages.ts';
import {
  createShowFragments,
  listenForPublicShowFragments,
} from '../../src/http/show-fragments.ts';
import { createAlertRepo } from '../../src/repositories/alert.repo.ts';
import {
  createPublicPageRepo,
  type PublicPageRepo,
} from '../../src/repositories/public-page.repo.ts';
import { type ArtistPages, createArtistPages } from '../../src/services/artist-page.service.ts';
import { budget } from '../support/budget.ts';
import { signInDemo } from '../support/demo-sign-in.ts';
import { mark } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The artist and venue pages made of kept show fragments (decision 054) answer byte for byte what
 * the page read whole answers (SHOW_FRAGMENTS=off: one statement, the route's serializer), for
 * every demo artist and venue, with the fragments shared between pages (a show is on its
 * headliner's, its support acts' and its venue's), and right after the writes that change a show:
 * a going mark and its removal, a postponement, a cancellation; through HTTP to anyone and to a
 * fan with their own alert.
 */
let t: TestApp;
let listener: PgListener;
let viaFragments: ArtistPages;
let whole: ArtistPages;
/** How many shows the fragments' reads asked for, and how many the pages listed. */
let showsRead = 0;
/** Every demo artist and venue, and the pages (`artists/<id>`, `venues/<id>`) listing each show. */
let artists: string[] = [];
let venues: string[] = [];
const listedBy = new Map<string, string[]>();

beforeAll(async () => {
  t = await createTestApp();
  await loadDemoDataIfEmpty(t.database);
  const repo = createPublicPageRepo(t.database.orm);
  const counted: PublicPageRepo = {
    ...repo,
    showsByIds: async (ids) => {
      showsRead += ids.length;
      return repo.showsByIds(ids);
    },
  };
  const alerts = createAlertRepo(t.database.orm);
  const fragments = createShowFragments();
  listener = createPgListener({ connectionString: t.config.databaseUrl }, t.app.log);
  listenForPublicShowFragments(fragments, listener);
  await listener.ready();
  viaFragments = createArtistPages(counted, alerts, fragments);
  whole = createArtistPages(repo, alerts, createShowFragments({ off: true }));
  const { rows } = await t.database.pool.query<{ user_id: string }>(
    `select pp.user_id from performer_profiles pp join "user" u on u.id = pp.user_id
     where u.role = 'performer' order by pp.user_id`,
  );
  artists = rows.map((r) => r.user_id);
  const { rows: venueRows } = await t.database.pool.query<{ user_id: string }>(
    `select vp.user_id from venue_profiles vp join "user" u on u.id = vp.user_id
     where u.role = 'venue' order by vp.user_id`,
  );
  venues = venueRows.map((r) => r.user_id);
}, budget(180_000));

afterAll(async () => {
  await listener?.close();
  await t?.close();
});

/** A page (`artists/<id>` or `venues/<id>`) both ways; its path when the bytes differ. */
async function differs(path: string, record = false): Promise<string[]> {
  const [kind, id] = path.split('/') as [string, string];
  const read = (pages: ArtistPages) =>
    kind === 'artists' ? pages.publicArtist(id) : pages.venue(id);
  const expected = await read(whole);
  const actual = await read(viaFragments);
  expect(actual.showIds).toEqual(expected.showIds);
  expect(actual.firstStartMs).toBe(expected.firstStartMs);
  if (record) {
    for (const show of expected.showIds) listedBy.set(show, [...(listedBy.get(show) ?? []), path]);
  }
  return actual.json === expected.json ? [] : [path];
}

async function compareAll(some: readonly string[]): Promise<number> {
  const differ: string[] = [];
  for (const path of some) differ.push(...(await differs(path)));
  expect(differ).toEqual([]);
  return some.length;
}

/** A demo account signed in through the API. */
const signIn = (userId: string) => signInDemo(t, userId);

/** An upcoming show at an Encore venue with a confirmed support act (on three pages), but `except`. */
async function billedShow(except: readonly string[] = []): Promise<{ id: string; by: string }> {
  const { rows } = await t.database.pool.query<{ id: string; performer_id: string }>(
    `select s.id, s.performer_id from shows s
     where s.starts_at > now() + interval '1 day' and s.status in ('announced', 'on_sale')
       and s.confirmation = 'confirmed' and s.venue_id is not null and not s.id = any($1)
       and exists (select 1 from show_acts a where a.show_id = s.id and a.confirmation = 'confirmed')
     order by s.id limit 1`,
    [except],
  );
  const show = rows[0];
  if (!show) throw new Error('no upcoming show with a confirmed support act in the demo');
  return { id: show.id, by: show.performer_id };
}

/** A fan who has not marked `show`, signed in. */
async function someFan(show: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `select u.id from "user" u join fan_profiles f on f.user_id = u.id
     where u.role = 'fan' and not exists
       (select 1 from show_attendance a where a.show_id = $1 and a.fan_id = u.id)
     order by md5(u.id) limit 1`,
    [show],
  );
  return signIn(rows[0]?.id as string);
}

describe('The artist and venue pages made of show fragments', () => {
  it(
    'answers every demo artist’s and venue’s page as the page read whole does',
    async () => {
      const paths = [
        ...artists.map((id) => `artists/${id}`),
        ...venues.map((id) => `venues/${id}`),
      ];
      const differ: string[] = [];
      for (const path of paths) differ.push(...(await differs(path, true)));
      expect(differ).toEqual([]);
      expect(artists.length).toBeGreaterThan(100);
      expect(venues.length).toBeGreaterThan(50);
      // Not vacuous: shows were listed, some on several pages, and read far fewer times than shown.
      const shown = [...listedBy.values()].reduce((sum, list) => sum + list.length, 0);
      expect(shown).toBeGreaterThan(1_000);
      expect(shown).toBeGreaterThan(listedBy.size);
      expect(showsRead).toBeLessThanOrEqual(listedBy.size);
    },
    budget(240_000),
  );

  it(
    'answers right after a going mark, its removal, a postponement and a cancellation',
    async () => {
      const going = await billedShow();
      const onPages = () => listedBy.get(going.id) ?? [];
      expect(onPages().length, 'the headliner, a support act and the venue').toBeGreaterThan(2);
      const fanCookie = await someFan(going.id);
      await mark(t, fanCookie, going.id, 'going');
      await compareAll(onPages());
      await mark(t, fanCookie, going.id, null);
      await compareAll(onPages());

      const postponed = await billedShow([going.id]);
      const p = await send(
        t.app,
        'POST',
        `/api/shows/${postponed.id}/postpone`,
        await signIn(postponed.by),
        { startsAtLocal: null },
      );
      expect(p.statusCode, p.body).toBe(200);
      expect(await compareAll(listedBy.get(postponed.id) ?? [])).toBeGreaterThan(2);

      const cancelled = await billedShow([going.id, postponed.id]);
      const c = await send(
        t.app,
        'POST',
        `/api/shows/${cancelled.id}/cancel`,
        await signIn(cancelled.by),
      );
      expect(c.statusCode, c.body).toBe(200);
      expect(await compareAll(listedBy.get(cancelled.id) ?? [])).toBeGreaterThan(2);
    },
    budget(120_000),
  );

  it(
    'is sent through HTTP as read, to anyone and to a fan with their alert, cached or not',
    async () => {
      const uncached = await startSecondProcess(t, { pageCaches: false, workers: 'off' });
      try {
        const show = await billedShow();
        const pages = listedBy.get(show.id) ?? [];
        const fanCookie = await someFan(show.id);
        const artist = show.by;
        const alert = await send(t.app, 'PUT', `/api/artists/${artist}/alert`, fanCookie, {
          channels: ['email'],
        });
        expect(alert.statusCode, alert.body).toBe(200);
        const check = async () => {
          for (const path of pages) {
            const [kind, id] = path.split('/') as [string, string];
            const expected =
              kind === 'artists' ? await whole.publicArtist(id) : await whole.venue(id);
            for (const app of [t.app, uncached.app]) {
              const anyone = await send(app, 'GET', `/api/${path}`, undefined);
              expect(anyone.statusCode).toBe(200);
              expect(anyone.headers['content-type']).toBe('application/json; charset=utf-8');
              expect(anyone.body).toBe(expected.json);
              if (kind === 'venues') continue;
              const mine: TArtistPage = {
                ...(JSON.parse(expected.json) as TArtistPage),
                alert: id === artist ? JSON.parse(alert.body) : null,
              };
              const fan = await send(app, 'GET', `/api/${path}`, fanCookie);
              expect(fan.statusCode).toBe(200);
              expect(fan.headers['content-type']).toBe('application/json; charset=utf-8');
              expect(fan.headers['cache-control']).toBe('no-store');
              // The bytes the route's schema wrote when it sent the page object.
              expect(fan.body).toBe(JSON.stringify(ZArtistPage.parse(mine)));
            }
          }
        };
        await check();
        // A going mark through the one, seen by the next request through both.
        await mark(t, fanCookie, show.id, 'going');
        await check();
      } finally {
        await uncached.close();
      }
    },
    budget(120_000),
  );

  it('reads its fragments only from tables both pages follow by row', () => {
    for (const page of ['artist', 'venue'] as const) {
      const followed: readonly string[] = CACHED_PAGES[page].byRow;
      expect(SHOW_FRAGMENT_TABLES.filter((table) => !followed.includes(table))).toEqual([]);
    }
  });
});
