import type { TAlertFeed } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/auth/session-user.ts';
import { createPgListener, type PgListener } from '../../src/db/pg-listener.ts';
import { loadDemoDataIfEmpty } from '../../src/demo/load-demo-data.ts';
import { CACHED_PAGES, SHOW_FRAGMENT_TABLES } from '../../src/http/cached-pages.ts';
import { createShowCardFragments, listenForShowFragments } from '../../src/http/show-fragments.ts';
import { createFanPageTagsRepo } from '../../src/repositories/fan-page-tags.repo.ts';
import { createFanPagesRepo, type FanPagesRepo } from '../../src/repositories/fan-pages.repo.ts';
import { createFanPages, type FanPages } from '../../src/services/fan-pages.service.ts';
import { statementRecorder, tablesOf } from '../platform/support/sql-reads.ts';
import { budget } from '../support/budget.ts';
import { signInDemo } from '../support/demo-sign-in.ts';
import { mark } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Your Alerts made of kept show fragments (decision 051) answers byte for byte what the page read
 * whole answers (SHOW_FRAGMENTS=off: one statement, ZAlertFeed's serializer), for many demo fans,
 * each fan's every page, with the fragments shared between fans, and right after the writes that
 * change a card: going and not going, a show postponed and cancelled, a face's privacy.
 */
let t: TestApp;
let listener: PgListener;
/** The pages made of fragments, and the same read whole (the reference). */
let viaFragments: FanPages;
let whole: FanPages;
/** How many shows the fragments' reads asked for. */
let showsRead = 0;
/** The fans compared, and which of them listed each show on a page. */
let fans: SessionUser[] = [];
const listedBy = new Map<string, SessionUser[]>();
const PAGE_SIZE = 8;
const SAMPLE_FANS = 400;

beforeAll(async () => {
  t = await createTestApp();
  await loadDemoDataIfEmpty(t.database);
  const repo = createFanPagesRepo(t.database.orm);
  const counted: FanPagesRepo = {
    ...repo,
    alertsFeedShows: async (ids) => {
      showsRead += ids.length;
      return repo.alertsFeedShows(ids);
    },
  };
  const tags = createFanPageTagsRepo(t.database.orm);
  const fragments = createShowCardFragments();
  listener = createPgListener({ connectionString: t.config.databaseUrl }, t.app.log);
  listenForShowFragments(fragments, listener);
  await listener.ready();
  viaFragments = createFanPages(counted, tags, fragments);
  whole = createFanPages(repo, tags, createShowCardFragments({ off: true }));
  // The demo fan, the fans with Show Pals or blocks (their faces and pals differ), and a fixed draw.
  const { rows } = await t.database.pool.query<{ id: string }>(
    `(select id from "user" where email = 'fan@demo.encore.test')
     union
     (select fan_a from pal_links limit 60)
     union
     (select blocker_id from fan_blocks limit 20)
     union
     (select id from "user" where role = 'fan' order by md5(id) limit $1)`,
    [SAMPLE_FANS],
  );
  fans = rows.map((r) => ({ id: r.id, role: 'fan' }) as SessionUser);
}, budget(180_000));

afterAll(async () => {
  await listener?.close();
  await t?.close();
});

/** Every page of `fan`'s feed, both ways; the pages whose bytes differ. */
async function compare(fan: SessionUser, record = false): Promise<string[]> {
  const differ: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const query = { limit: PAGE_SIZE, ...(cursor && { cursor }) };
    const expected = await whole.alerts(fan, query);
    const actual = await viaFragments.alerts(fan, query);
    if (actual.json !== expected.json) differ.push(`${fan.id} page ${page + 1}`);
    expect(actual.showIds).toEqual(expected.showIds);
    expect(actual.firstStartMs).toBe(expected.firstStartMs);
    const feed = JSON.parse(expected.json) as TAlertFeed;
    if (record) {
      for (const item of feed.items)
        listedBy.set(item.show.id, [...(listedBy.get(item.show.id) ?? []), fan]);
    }
    if (!feed.nextCursor) break;
    cursor = feed.nextCursor;
  }
  return differ;
}

async function compareAll(some: readonly SessionUser[]): Promise<number> {
  const differ: string[] = [];
  for (const fan of some) differ.push(...(await compare(fan)));
  expect(differ).toEqual([]);
  return some.length;
}

/** A demo account signed in through the API. */
const signIn = (userId: string) => signInDemo(t, userId);

/** The show listed on the most compared fans' pages but `except`. */
function busiestShow(except: readonly string[] = []): string {
  const [id] = [...listedBy.entries()]
    .filter(([show]) => !except.includes(show))
    .sort((a, b) => b[1].length - a[1].length)[0] ?? [''];
  return id;
}

describe('Your Alerts made of show fragments', () => {
  it(
    'answers every page of every sampled fan as the page read whole does',
    async () => {
      const differ: string[] = [];
      let pages = 0;
      for (const fan of fans) {
        differ.push(...(await compare(fan, true)));
        pages += 1;
      }
      expect(differ).toEqual([]);
      expect(fans.length).toBeGreaterThan(SAMPLE_FANS);
      // Not vacuous: cards were shown, shared between fans, and read far fewer times than shown.
      const shown = [...listedBy.values()].reduce((sum, list) => sum + list.length, 0);
      expect(shown).toBeGreaterThan(2_000);
      expect(showsRead).toBeLessThan(listedBy.size * 1.2);
      expect(pages).toBe(fans.length);
    },
    budget(240_000),
  );

  it(
    'answers right after a going mark, its removal, a postponement, a cancellation and a face hidden',
    async () => {
      const going = busiestShow();
      const fan = (listedBy.get(going) ?? [])[0] as SessionUser;
      const fanCookie = await signIn(fan.id);
      await mark(t, fanCookie, going, 'going');
      await compareAll(listedBy.get(going) ?? []);
      await mark(t, fanCookie, going, null);
      await compareAll(listedBy.get(going) ?? []);

      const { rows: moved } = await t.database.pool.query<{ id: string; performer_id: string }>(
        'select id, performer_id from shows where id = any($1) order by id limit 2',
        [[busiestShow([going]), busiestShow([going, busiestShow([going])])]],
      );
      const [postponed, cancelled] = moved as [(typeof moved)[0], (typeof moved)[0]];
      const postponer = await signIn(postponed.performer_id);
      const p = await send(t.app, 'POST', `/api/shows/${postponed.id}/postpone`, postponer, {
        startsAtLocal: null,
      });
      expect(p.statusCode, p.body).toBe(200);
      await compareAll(listedBy.get(postponed.id) ?? []);
      const canceller = await signIn(cancelled.performer_id);
      const c = await send(t.app, 'POST', `/api/shows/${cancelled.id}/cancel`, canceller);
      expect(c.statusCode, c.body).toBe(200);
      await compareAll(listedBy.get(cancelled.id) ?? []);

      // A fan whose face the cards show (a show's kept head) goes Friends Only: hidden from all
      // but their pals, and the cards of every show they are going to change.
      const { rows: faces } = await t.database.pool.query<{ show_id: string; face: string }>(
        `select sf.show_id, sf.fan_ids[1] as face from show_faces sf
         where sf.show_id = any($1) and cardinality(sf.fan_ids) > 0
         order by sf.going desc limit 1`,
        [[...listedBy.keys()]],
      );
      const face = faces[0];
      expect(face, 'a listed show with a face').toBeDefined();
      const faceCookie = await signIn(face?.face as string);
      const r = await send(t.app, 'PUT', '/api/settings/privacy', faceCookie, {
        visibility: 'friends',
        showAttendance: true,
        allowFriendRequests: true,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(await compareAll(listedBy.get(face?.show_id as string) ?? [])).toBeGreaterThan(1);
    },
    budget(240_000),
  );

  it(
    'is sent through HTTP as read, by a process with the page caches and one without',
    async () => {
      const uncached = await startSecondProcess(t, { pageCaches: false, workers: 'off' });
      try {
        const show = busiestShow();
        const some = (listedBy.get(show) ?? []).slice(0, 3);
        const cookies = await Promise.all(some.map((fan) => signIn(fan.id)));
        const check = async () => {
          for (const [i, fan] of some.entries()) {
            const expected = await whole.alerts(fan, { limit: 20 });
            for (const app of [t.app, uncached.app]) {
              const r = await send(app, 'GET', '/api/fan/alerts', cookies[i]);
              expect(r.statusCode).toBe(200);
              expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
              expect(r.body).toBe(expected.json);
            }
          }
        };
        await check();
        // A going mark through the one, seen by the next request of every fan through both.
        await mark(t, cookies[0] as string, show, 'going');
        await check();
      } finally {
        await uncached.close();
      }
    },
    budget(120_000),
  );

  it("reads each card's own mark through show_attendance's key, not through every mark of its show", async () => {
    const record = statementRecorder(t.database.pool);
    const repo = createFanPagesRepo(t.database.orm);
    // The fans with the most marks: the shows on their pages have the most marks too.
    const { rows } = await t.database.pool.query<{ fan_id: string }>(
      `select fan_id from show_attendance group by fan_id order by count(*) desc, fan_id limit 5`,
    );
    const { statements } = await record(async () => {
      for (const { fan_id } of rows) {
        await repo.alertsFeedCards(fan_id, { limit: PAGE_SIZE });
        await repo.alertsFeed(fan_id, { limit: PAGE_SIZE });
        await repo.home(fan_id);
        await repo.attending(fan_id);
      }
    });
    expect(statements.length).toBeGreaterThanOrEqual(rows.length * 4);
    for (const { text, values } of statements) {
      const plan = await t.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
      // The (show, status) index finds a show's marks: every fan's, to keep one.
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(
        /show_attendance_show_status_idx on show_attendance/,
      );
    }
  });

  it('reads the fragments only from tables Your Alerts follows, each naming the show', async () => {
    const record = statementRecorder(t.database.pool);
    const repo = createFanPagesRepo(t.database.orm);
    const { statements } = await record(() => repo.alertsFeedShows([...listedBy.keys()]));
    const read = [...(await tablesOf(t.database.pool, statements)).keys()].sort();
    expect(read).toEqual([...SHOW_FRAGMENT_TABLES].sort());
    const followed: readonly string[] = CACHED_PAGES.fanAlerts.byRow;
    expect(SHOW_FRAGMENT_TABLES.filter((table) => !followed.includes(table))).toEqual([]);
  });
});
