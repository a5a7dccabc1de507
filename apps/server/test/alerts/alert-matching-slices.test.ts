import type { TNotification } from '@encore/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import {
  decodeMatchedNotice,
  encodeMatchedNotice,
  type MatchedNotice,
} from '../../src/alerts/matched-notice.ts';
import { createNotificationHub } from '../../src/alerts/notification-hub.ts';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import { ALL_FANS } from '../../src/repositories/alerts/fan-range.repo.ts';
import { matchRepo } from '../../src/repositories/alerts/match.repo.ts';
import { holdFanDeletionsSql } from '../../src/repositories/alerts/match-locks.repo.ts';
import { createNotificationRepo } from '../../src/repositories/notification.repo.ts';
import {
  deliveries,
  eventOf,
  fan,
  notificationSettings,
  subscribePush,
} from '../support/alerts.ts';
import { bulkFans } from '../support/bulk-fans.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, FUTURE, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A big audience is written one fan range per transaction (match-event.ts). Here the ranges are
 * made tiny (sliceFans) so a small world is cut into many of them, and each test checks what
 * the slicing must never change: who gets what, once; a deleted fan or event takes its rows with
 * it (the outbox has no foreign keys, migration 0013); the live streams show each alert once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A performer with 40 watchers (every channel) and 3 Rock fans near the Chicago venue. */
async function stage() {
  const performer = await member(t, 'performer', { artistName: 'Slice Band' });
  const venue = await member(t, 'venue', { venueName: 'The Slicer', zipCode: '60601' });
  const watchers = await bulkFans(t.database.orm, {
    count: 40,
    performerId: performer.id,
    channels: ['push', 'email', 'sms'],
    push: { url: 'https://push.example.com', keys: { p256dh: 'key', auth: 'auth' } },
  });
  const near = await Promise.all(
    [1, 2, 3].map(() => fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] })),
  );
  await subscribePush(t, near[0]?.id ?? '');
  await notificationSettings(t, near[1]?.cookie ?? '', { email: false });
  const announce = async (startsAtLocal = FUTURE) => {
    const show = await announceConfirmed(t, performer, venue, { genre: 'Rock', startsAtLocal });
    return { showId: show.id, eventId: await eventOf(t, show.id, 'announced') };
  };
  return { performer, watchers, near, announce };
}

/** What a fan got, whatever the event. */
const shape = (rows: Awaited<ReturnType<typeof deliveries>>) =>
  rows.map((r) => `${r.fan_id} ${r.channel} ${r.reason} ${r.digest} ${r.state}`).sort();

/** This test's own channel, NOTIFYed after the fact to learn that earlier notices arrived. */
const BARRIER = 'encore_test_barrier';

/** Listens to PG_CHANNELS.matched for one event. */
async function listenMatched(eventId: () => string) {
  const client = new pg.Client(t.database.pool.options);
  await client.connect();
  const notices: MatchedNotice[] = [];
  const barriers = new Set<string>();
  client.on('notification', (n) => {
    if (n.channel === BARRIER) {
      barriers.add(n.payload ?? '');
      return;
    }
    const notice = decodeMatchedNotice(n.payload ?? '');
    if (notice.eventId === eventId()) notices.push(notice);
  });
  await client.query(`listen ${PG_CHANNELS.matched}`);
  await client.query(`listen ${BARRIER}`);
  /**
   * Resolves once every notice committed before this call has arrived: Postgres delivers a
   * session's notifications in commit order, whatever their channel, so a NOTIFY committed now
   * arrives after them.
   */
  async function caughtUp() {
    const token = String(Math.random());
    await t.database.orm.execute(sql`select pg_notify(${BARRIER}, ${token})`);
    await eventually(() => barriers.has(token));
  }
  return { notices, caughtUp, close: () => client.end() };
}

/** Resolves once a statement starting with `statement` waits for a lock. */
async function waitingForLock(statement: string) {
  await eventually(async () => {
    const { rows } = await t.database.orm.execute<{ waiting: number }>(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
        and query like ${`${statement}%`}`);
    return (rows[0]?.waiting ?? 0) > 0;
  });
}

describe('matching a big audience one fan range at a time', () => {
  it('writes what one transaction writes, and announces each range as it commits', async () => {
    const { announce } = await stage();
    // Genre fans whose settings the ranges read beside the stored set (match-nearby.repo.ts):
    // one with 'new shows' off (no alert at all), one holding genre alerts for the daily digest.
    const [quiet, daily] = await Promise.all(
      [1, 2].map(() => fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] })),
    );
    if (!quiet || !daily) throw new Error('no fans');
    await notificationSettings(t, quiet.cookie, { newShows: false });
    await notificationSettings(t, daily.cookie, { genreAlerts: 'daily' });
    const whole = await announce();
    const sliced = await announce(laterStart(1));
    const listener = await listenMatched(() => sliced.eventId);
    try {
      const wholeCount = await matchEvent(t.database.orm, whole.eventId);
      const slicedCount = await matchEvent(t.database.orm, sliced.eventId, {
        sliceFans: 5,
        parallel: 2,
      });
      expect(slicedCount).toBe(wholeCount);
      // 40 watchers × 4 channels, the Rock fans near: in-app + their toggles where possible.
      expect(wholeCount).toBeGreaterThanOrEqual(160);
      const strip = (rows: string[], id: string) => rows.map((r) => r.replace(id, 'EVENT'));
      const slicedRows = await deliveries(t, sliced.eventId);
      expect(shape(slicedRows)).toEqual(
        strip(shape(await deliveries(t, whole.eventId)), whole.eventId),
      );
      expect(slicedRows.filter((r) => r.fan_id === quiet.id)).toEqual([]);
      const held = slicedRows.filter((r) => r.fan_id === daily.id && r.channel !== 'in_app');
      expect(held.length).toBeGreaterThan(0);
      expect(held.every((r) => r.digest)).toBe(true);
      expect(slicedRows.find((r) => r.fan_id === daily.id && r.channel === 'in_app')?.digest).toBe(
        false,
      );
      await listener.caughtUp();
      // The audience is reached before the first range and the reach ends after the in-app pass
      // (decision 064).
      const inApp = listener.notices.filter((n) => !n.outbound && !n.reach);
      expect(listener.notices.map((n) => n.reach ?? null).filter(Boolean)).toEqual([
        'begun',
        'ended',
      ]);
      expect(listener.notices[0]?.reach).toBe('begun');
      expect(listener.notices[inApp.length + 1]?.reach).toBe('ended');
      const notices = listener.notices.filter((n) => !n.reach);
      // Many ranges, each committed and announced once per pass (decision 056: every in-app row,
      // then the outbound rows), each pass's together covering every fan id.
      const outbound = notices.filter((n) => n.outbound);
      expect(inApp.length).toBeGreaterThan(3);
      expect(outbound).toHaveLength(inApp.length);
      expect(notices.slice(0, inApp.length)).toEqual(inApp);
      for (const pass of [inApp, outbound]) {
        const sorted = pass
          .map((n) => n.range)
          .sort((a, b) => (a.from === null ? -1 : b.from === null ? 1 : a.from < b.from ? -1 : 1));
        expect(sorted[0]?.from).toBeNull();
        expect(sorted.at(-1)?.to).toBeNull();
        for (let i = 1; i < sorted.length; i++) expect(sorted[i]?.from).toBe(sorted[i - 1]?.to);
      }
      const { rows } = await t.database.orm.execute<{ matched: boolean }>(
        sql`select matched_at is not null as matched from show_events where id = ${sliced.eventId}`,
      );
      expect(rows[0]?.matched).toBe(true);
      // The genre fans found once for the ranges (match-nearby.repo.ts) were the match's scratch only.
      const { rows: left } = await t.database.orm.execute<{ n: number }>(
        sql`select count(*)::int as n from alert_match_nearby where show_event_id = ${sliced.eventId}`,
      );
      expect(left[0]?.n).toBe(0);
      // Each range's notice names the fans it wrote rows for (read from its INSERT), a range that
      // wrote nothing no one: the in-app pass's the fans alerted, the outbound pass's those whose
      // push, email or SMS rows it wrote.
      const rowsOf = await deliveries(t, sliced.eventId);
      const fansOf = (rows: typeof rowsOf) => [...new Set(rows.map((r) => r.fan_id))].sort();
      for (const n of notices) expect(n.fans).toBeDefined();
      expect(inApp.flatMap((n) => n.fans ?? []).sort()).toEqual(
        fansOf(rowsOf.filter((r) => r.channel === 'in_app')),
      );
      expect(outbound.flatMap((n) => n.fans ?? []).sort()).toEqual(
        fansOf(rowsOf.filter((r) => r.channel !== 'in_app')),
      );
    } finally {
      await listener.close();
    }
  });

  it('writes every in-app alert while the genre set is still being stored', async () => {
    // The store of the genre-and-radius set held at its lock: the in-app ranges that begin before
    // it is stored find their genre fans inline (match-event.ts), so every fan's in-app alert is
    // written while it waits; the outbound pass waits for it, then writes what one transaction
    // would.
    const { near, announce } = await stage();
    const whole = await announce();
    const sliced = await announce(laterStart(2));
    const listener = await listenMatched(() => sliced.eventId);
    const holder = new pg.Client(t.database.pool.options);
    await holder.connect();
    let matching: Promise<number | null> | undefined;
    try {
      await matchEvent(t.database.orm, whole.eventId);
      await holder.query('begin');
      await holder.query('lock table alert_match_nearby in share mode');
      matching = matchEvent(t.database.orm, sliced.eventId, { sliceFans: 5, parallel: 2 });
      await waitingForLock('%insert into alert_match_nearby');
      const inAppOf = async (eventId: string) =>
        (await deliveries(t, eventId)).filter((r) => r.channel === 'in_app');
      const wholeInApp = await inAppOf(whole.eventId);
      await eventually(async () => (await inAppOf(sliced.eventId)).length === wholeInApp.length);
      await listener.caughtUp();
      expect(listener.notices.filter((n) => n.outbound)).toEqual([]);
      const nearInApp = (await inAppOf(sliced.eventId)).find((r) => r.fan_id === near[2]?.id);
      expect(nearInApp?.reason).toMatch(/^Rock show .* mi from .* — within your \d+ mi radius$/);
      await holder.query('commit');
      await matching;
      const strip = (rows: string[], id: string) => rows.map((r) => r.replace(id, 'EVENT'));
      expect(shape(await deliveries(t, sliced.eventId))).toEqual(
        strip(shape(await deliveries(t, whole.eventId)), whole.eventId),
      );
    } finally {
      await holder.query('rollback').catch(() => {});
      await matching?.catch(() => {});
      await holder.end();
      await listener.close();
    }
  });

  it('an event that reaches no one names no one in its notice (not every fan)', async () => {
    // A show of a performer nobody watches, its announcement matched to no one (marked matched
    // without a row: a cancellation waits for an unmatched one), then cancelled: the cancellation
    // reaches the going fans and those an earlier alert reached, none here.
    const performer = await member(t, 'performer', { artistName: 'Nobody Watches' });
    const venue = await member(t, 'venue', { venueName: 'The Empty Room', zipCode: '60601' });
    const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(9) });
    await t.database.orm.execute(
      sql`update show_events set matched_at = now() where show_id = ${show.id}`,
    );
    const { rows } = await t.database.orm.execute<{ id: string }>(sql`
      insert into show_events (show_id, kind) values (${show.id}, 'cancelled') returning id`);
    const eventId = rows[0]?.id ?? '';
    const listener = await listenMatched(() => eventId);
    try {
      expect(await matchEvent(t.database.orm, eventId)).toBe(0);
      await listener.caughtUp();
      expect(listener.notices.map((n) => n.fans)).toEqual([[]]);
    } finally {
      await listener.close();
    }
  });

  it('names the fans of a range only up to namedUpTo rows, each once', async () => {
    const { announce } = await stage();
    const { eventId } = await announce();
    await matchRepo.beginMatch(t.database.orm, eventId);
    const ev = await matchRepo.eventFacts(t.database.orm, eventId);
    if (!ev) throw new Error('the announcement has no facts');
    // The in-app pass (one row a fan): the watchers, and every Rock fan near the venue.
    const write = (namedUpTo: number) =>
      t.database.orm.transaction((tx) =>
        matchRepo.insertDeliveries(
          tx,
          namedUpTo,
          eventId,
          ev,
          ALL_FANS,
          null,
          true,
          false,
          'in_app',
        ),
      );
    const named = await write(1_000);
    const written = (await deliveries(t, eventId)).map((r) => r.fan_id).sort();
    expect(written.length).toBeGreaterThan(40);
    expect(named).toEqual({ rows: written.length, fans: expect.any(Array) });
    expect([...(named.fans ?? [])].sort()).toEqual(written);
    await t.database.orm.execute(
      sql`delete from alert_deliveries where show_event_id = ${eventId}`,
    );
    // One row more than it may name: the rows are counted, no fan is named (not even gathered).
    expect(await write(written.length - 1)).toEqual({ rows: written.length, fans: undefined });
  });

  it('replaces the genre fans a failed match left instead of trusting them', async () => {
    const { near, announce } = await stage();
    const { eventId } = await announce();
    // A match that began (its in-app id drawn) and failed, leaving in its set a fan far from the
    // venue who likes no Rock: the next match is a rerun, and replaces the set.
    await matchRepo.beginMatch(t.database.orm, eventId);
    const stranger = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'] });
    await t.database.orm.execute(sql`
      insert into alert_match_nearby (show_event_id, fan_id, reason)
      values (${eventId}, ${stranger.id}, 'stale')`);
    await matchEvent(t.database.orm, eventId, { sliceFans: 5 });
    const rows = await deliveries(t, eventId);
    expect(rows.filter((r) => r.fan_id === stranger.id)).toEqual([]);
    const nearRows = rows.filter((r) => r.fan_id === near[2]?.id);
    expect(nearRows.map((r) => r.channel)).toContain('in_app');
    expect(nearRows[0]?.reason).toMatch(/^Rock show .* mi from .* — within your \d+ mi radius$/);
  });

  it('writes nothing for a genre fan deleted after the set was stored', async () => {
    const { near, announce } = await stage();
    const { eventId } = await announce();
    await matchRepo.beginMatch(t.database.orm, eventId);
    const ev = await matchRepo.eventFacts(t.database.orm, eventId);
    if (!ev) throw new Error('the announcement has no facts');
    await matchRepo.storeNearbyFans(t.database.orm, eventId, ev, false);
    // The set has no foreign key: a fan deleted now stays in it for the ranges still to come.
    const goneId = near[2]?.id ?? '';
    await t.database.orm.execute(sql`delete from "user" where id = ${goneId}`);
    const { rows: stored } = await t.database.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from alert_match_nearby
      where show_event_id = ${eventId} and fan_id = ${goneId}`);
    expect(stored[0]?.n).toBe(1);
    await matchRepo.insertDeliveries(t.database.orm, 0, eventId, ev, ALL_FANS, null, false, true);
    const rows = await deliveries(t, eventId);
    expect(rows.filter((r) => r.fan_id === goneId)).toEqual([]);
    expect(rows.filter((r) => r.fan_id === near[0]?.id).map((r) => r.channel)).toContain('in_app');
    await matchRepo.dropNearbyFans(t.database.orm, eventId);
  });

  it('a match stopped halfway is finished by the next run, writing only what is missing', async () => {
    const { watchers, announce } = await stage();
    const { eventId } = await announce();
    const first = await matchEvent(t.database.orm, eventId, { sliceFans: 5 });
    const missing = watchers.slice(10, 25).map((w) => w.id);
    await t.database.orm.execute(sql`
      delete from alert_deliveries
      where show_event_id = ${eventId} and fan_id = any(${sql.param(missing)}::text[])`);
    await t.database.orm.execute(
      sql`update show_events set matched_at = null where id = ${eventId}`,
    );
    expect(await matchEvent(t.database.orm, eventId, { sliceFans: 5 })).toBe(15 * 4);
    const rows = await deliveries(t, eventId);
    expect(rows).toHaveLength(first ?? -1);
    expect(new Set(rows.map((r) => `${r.fan_id} ${r.channel}`)).size).toBe(rows.length);
  });

  it('a deleted fan or show event takes its deliveries with it', async () => {
    const { watchers, announce } = await stage();
    const { eventId } = await announce();
    await matchEvent(t.database.orm, eventId, { sliceFans: 5 });
    const gone = watchers[0]?.id ?? '';
    expect((await deliveries(t, eventId)).filter((r) => r.fan_id === gone)).toHaveLength(4);
    await t.database.orm.execute(sql`delete from "user" where id = ${gone}`);
    expect((await deliveries(t, eventId)).filter((r) => r.fan_id === gone)).toEqual([]);
    expect((await deliveries(t, eventId)).length).toBeGreaterThan(0);
    await t.database.orm.execute(sql`delete from show_events where id = ${eventId}`);
    expect(await deliveries(t, eventId)).toEqual([]);
  });

  it("a fan's deletion waits for deliveries being written, then takes them too", async () => {
    const { watchers, announce } = await stage();
    const { eventId } = await announce();
    const fanId = watchers[0]?.id ?? '';
    // A slice in progress: it holds fan deletions off and has written the fan's row, uncommitted.
    let commit = () => {};
    let written = () => {};
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const slice = t.database.orm.transaction(async (tx) => {
      await tx.execute(holdFanDeletionsSql);
      await tx.execute(sql`
        insert into alert_deliveries (fan_id, show_event_id, channel, reason, state)
        values (${fanId}, ${eventId}, 'in_app', 'You watch Slice Band', 'sent')`);
      written();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await wrote;
    let deleted = false;
    const deletion = t.database.orm
      .execute(sql`delete from "user" where id = ${fanId}`)
      .then(() => {
        deleted = true;
      });
    // The deletion is blocked by the slice's lock (not merely slow): it has not happened.
    await waitingForLock('delete from "user"');
    expect(deleted).toBe(false);
    commit();
    await slice;
    await deletion;
    expect((await deliveries(t, eventId)).filter((r) => r.fan_id === fanId)).toEqual([]);
  });

  it('a notification stream shows each alert of a sliced match once, and again when it waits for the digest', async () => {
    const { near, announce } = await stage();
    // Their email waits for the daily digest: a row the outbound pass writes (decision 056).
    const digestFan = near[2];
    if (!digestFan) throw new Error('no third fan');
    await notificationSettings(t, digestFan.cookie, { genreAlerts: 'daily' });
    const repo = createNotificationRepo(t.database.orm);
    // Counts the range notices the hub began and finished reading (its items go to the streams
    // right after).
    const started = new Map<string, number>();
    const handled = new Map<string, number>();
    const bump = (counts: Map<string, number>, id: string) =>
      counts.set(id, (counts.get(id) ?? 0) + 1);
    const ofEvent: typeof repo.ofEvent = async (...args) => {
      bump(started, args[0]);
      const items = await repo.ofEvent(...args);
      bump(handled, args[0]);
      return items;
    };
    const hub = createNotificationHub(t.database.pool.options, { ...repo, ofEvent }, t.app.log);
    const received = new Map<string, TNotification[]>();
    let eventId = '';
    const listener = await listenMatched(() => eventId);
    try {
      for (const f of near) {
        await hub.subscribe(f.id, {
          notification: (item) => received.set(f.id, [...(received.get(f.id) ?? []), item]),
          unread: () => {},
        });
      }
      eventId = (await announce()).eventId;
      await matchEvent(t.database.orm, eventId, { sliceFans: 5 });
      // A notice after the match's: the hub hears notices in commit order and starts each one's
      // read at once, so once this one's has started, every range's notice was read or skipped.
      const sentinel = 'sentinel-event';
      await t.database.orm.execute(
        sql`select pg_notify(${PG_CHANNELS.matched}, ${encodeMatchedNotice(sentinel, ALL_FANS)})`,
      );
      await eventually(() => started.get(sentinel) === 1);
      await listener.caughtUp();
      // The reach's notice and both passes' are read (the reach's end needs no read): the reach's
      // gives each fan the alert (decision 064), the in-app ranges' then nothing more, the
      // outbound pass's again only the items that now wait for the digest.
      const inApp = listener.notices.filter((n) => !n.outbound && !n.reach).length;
      expect(inApp).toBeGreaterThan(3);
      expect(listener.notices.length).toBe(2 * inApp + 2);
      expect(started.get(eventId)).toBe(2 * inApp + 1);
      await eventually(() => handled.get(eventId) === 2 * inApp + 1);
      for (const f of near) {
        const items = received.get(f.id) ?? [];
        expect(items).toHaveLength(f === digestFan ? 2 : 1);
        expect(items[0]?.reason).toMatch(
          /^Rock show (\d+|under 1) mi from .+ — within your \d+ mi radius$/,
        );
        expect(items[0]?.inDigest).toEqual([]);
      }
      const [before, after] = received.get(digestFan.id) ?? [];
      expect(after).toEqual({ ...before, inDigest: ['email'] });
    } finally {
      await hub.close();
      await listener.close();
    }
  });
});
