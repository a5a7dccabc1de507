import type { TAlertFeed } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChangeNotice } from '../../src/http/cached-pages.ts';
import { START_DAY_TAG } from '../../src/lib/public-response-cache.ts';
import { loaded, statementRecorder } from '../platform/support/sql-reads.ts';
import { listenToChangeNotices } from '../support/change-notices.ts';
import { YEAR } from '../support/dates.ts';
import { going, moveShow, PLACES, performer, showIn, watch } from '../support/fan-pages.ts';
import { freePort } from '../support/free-port.ts';
import { scrapeMetrics, seriesKey } from '../support/metrics-scrape.ts';
import { send } from '../support/profile-inputs.ts';
import { startReferenceProcess } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import type { Fan } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Decision 061: a show change names the days its shows start (migration 0060), and a Your Alerts
 * page cut at its limit (a next page holds the later shows) is dropped by a listing change only
 * when one of those days is on or before its last card's. Every answer is what a process that
 * caches nothing reads, byte for byte.
 */
let t: TestApp;
let record: ReturnType<typeof statementRecorder>;
let reference: Awaited<ReturnType<typeof startReferenceProcess>>;
let notices: Awaited<ReturnType<typeof listenToChangeNotices>>;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ metrics: { port, host: '127.0.0.1' } });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  record = statementRecorder(t.database.pool);
  reference = await startReferenceProcess(t);
  notices = await listenToChangeNotices(t, (payload) => payload.startsWith('shows|'));
});
afterAll(async () => {
  await notices.end();
  await reference.close();
  await t.close();
});

/** The start days named by the notices about shows heard after `write`, sorted. */
async function daysNamedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await notices.caughtUp();
  await write();
  const after = await notices.caughtUp();
  return notices.heard
    .slice(before, after)
    .flatMap((payload) => parseChangeNotice(payload).tags ?? [])
    .filter((tag) => tag.startsWith(START_DAY_TAG))
    .map((tag) => tag.slice(START_DAY_TAG.length))
    .sort();
}

/** The private cache's misses so far: of pages, and of the own cards kept beside them (decision 060). */
async function misses() {
  const samples = await scrapeMetrics(metricsUrl);
  const miss = (cache: string) =>
    samples.get(seriesKey('encore_cache_lookups_total', { cache, result: 'miss' }, 'api')) ?? 0;
  return { pages: miss('private'), cards: miss('private_parts') };
}

/**
 * The fan's page at `url`: whether it was kept (no statement sent, no miss), whether its own cards
 * were (read again or not), and its answer, checked against a process that caches nothing.
 */
async function page(fan: Fan, url: string) {
  const before = await misses();
  const { result, statements } = await record(() => send(t.app, 'GET', url, fan.cookie));
  const after = await misses();
  expect(result.statusCode, result.body).toBe(200);
  expect(result.body).toBe((await send(reference.app, 'GET', url, fan.cookie)).body);
  return {
    kept: !loaded(statements) && after.pages === before.pages && after.cards === before.cards,
    cardsKept: after.cards === before.cards,
    ids: result.json<TAlertFeed>().items.map((i) => i.show.id),
  };
}

describe('a show change names the days its shows start (migration 0060)', () => {
  it('in UTC, old and new for a move, none for results', async () => {
    const band = await performer(t, 'Day Namers');
    // 8 PM in New York is the next day in UTC.
    let show: { id: string } | undefined;
    expect(
      await daysNamedBy(async () => {
        show = await showIn(t, band, PLACES.manhattan, { startsAtLocal: `${YEAR}-03-10T20:00` });
      }),
    ).toEqual([`${YEAR}-03-11`]);
    const id = (show as { id: string }).id;
    // Whatever the writer's session time zone.
    const client = await t.database.pool.connect();
    try {
      await client.query(`set time zone 'Pacific/Auckland'`);
      const moved = await daysNamedBy(() =>
        client.query(`update shows set starts_at = $2 where id = $1`, [
          id,
          `${YEAR}-04-01T12:00:00Z`,
        ]),
      );
      expect(moved).toEqual([`${YEAR}-03-11`, `${YEAR}-04-01`]);
      await client.query('reset time zone');
    } finally {
      client.release();
    }
    // Results change no listing: no day (nor listing tag).
    expect(
      await daysNamedBy(() =>
        t.database.pool.query('update shows set attendance = 10 where id = $1', [id]),
      ),
    ).toEqual([]);
    expect(
      await daysNamedBy(() => t.database.pool.query('delete from shows where id = $1', [id])),
    ).toEqual([`${YEAR}-04-01`]);
  });
});

/** A fan far from New York watching a new band, and `at(day)`: that band's show there that day. */
async function fanWatching(bandName: string) {
  const band = await performer(t, bandName);
  const fan = await member(t, 'fan', { zipCode: PLACES.losAngeles.zipCode });
  await watch(t, fan.cookie, band.id);
  const at = (day: string) =>
    showIn(t, band, PLACES.manhattan, { startsAtLocal: `${YEAR}-${day}T20:00` });
  return { fan, at };
}

describe('Your Alerts cut at its limit', () => {
  it('is kept through shows announced after its last day, and dropped by one before it', async () => {
    const { fan, at } = await fanWatching('Horizon Band');
    const first = await at('05-01');
    const second = await at('05-10');
    await at('05-20');
    const cut = `/api/fan/alerts?limit=2`;
    const everything = `/api/fan/alerts`;
    expect((await page(fan, cut)).ids).toEqual([first.id, second.id]);
    await page(fan, everything);
    expect((await page(fan, cut)).kept).toBe(true);

    // A show announced after the page's last day: the cut page stays, the whole feed goes.
    const later = await at('06-01');
    expect((await page(fan, cut)).kept).toBe(true);
    // And its own cards stayed too: another fan going drops the page (its show's fragment), and
    // the page is made again from them.
    await going(t, (await member(t, 'fan')).cookie, first.id);
    const afterGoing = await page(fan, cut);
    expect(afterGoing.kept).toBe(false);
    expect(afterGoing.cardsKept).toBe(true);
    const whole = await page(fan, everything);
    expect(whole.kept).toBe(false);
    expect(whole.ids).toContain(later.id);

    // One before it: the cut page goes and lists it.
    const sooner = await at('05-05');
    const afterSooner = await page(fan, cut);
    expect(afterSooner.kept).toBe(false);
    expect(afterSooner.ids).toEqual([first.id, sooner.id]);

    // A show moved from after the page's last day to before it (its new day names it).
    await page(fan, cut);
    await moveShow(t, later.id, new Date(`${YEAR}-04-20T12:00:00Z`));
    const afterMove = await page(fan, cut);
    expect(afterMove.kept).toBe(false);
    expect(afterMove.ids).toEqual([later.id, first.id]);
  });

  it('has no horizon on its last page: any show of a follow drops it', async () => {
    const { fan, at } = await fanWatching('Paged Band');
    await at('07-01');
    await at('07-10');
    const firstPage = await send(t.app, 'GET', '/api/fan/alerts?limit=1', fan.cookie);
    const cursor = firstPage.json<TAlertFeed>().nextCursor as string;
    // The page after the first holds the rest: no horizon, any show of the band drops it.
    const rest = `/api/fan/alerts?limit=1&cursor=${encodeURIComponent(cursor)}`;
    await page(fan, rest);
    expect((await page(fan, rest)).kept).toBe(true);
    await at('12-01');
    expect((await page(fan, rest)).kept).toBe(false);
  });
});
