import type { TNotificationPage } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import {
  decodeMatchedNotice,
  encodeMatchedNotice,
  MATCHED_NOTICE_BYTES,
} from '../../src/alerts/matched-notice.ts';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import { ALL_FANS } from '../../src/repositories/alerts/fan-range.repo.ts';
import { eventOf, fan, watch } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { withTwoProcesses } from '../support/second-process.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The notification centre's per-user cache (http/private-cache.ts): never another user's page,
 * and each kind of change visible on the very next request, in this process and in another one
 * on the same database (B, which had the page cached), with no wait in between.
 */
let t: TestApp;
let b: FastifyInstance;
withTwoProcesses((started) => ({ t, b } = started));

async function centre(cookie: string, app = t.app): Promise<TNotificationPage> {
  const response = await send(app, 'GET', '/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** Read twice: the second answer comes from the cache. */
async function cached(cookie: string, app = t.app) {
  await centre(cookie, app);
  return centre(cookie, app);
}

/** The performer announces a show at a new venue, and the fan-out matches it. */
async function announceTo(
  performer: { id: string; cookie: string },
  // A new account changes "user", which every centre reads: to keep them, bring it beforehand.
  venue?: { id: string; cookie: string },
) {
  venue ??= await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const show = await announceConfirmed(t, performer, venue, {
    genre: 'Rock',
    startsAtLocal: `${YEAR}-06-12T20:00`,
  });
  await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
  return show;
}

async function watcherOf(artistName: string) {
  const performer = await member(t, 'performer', { artistName });
  const watcher = await fan(t);
  await watch(t, watcher.cookie, performer.id, ['push']);
  return { performer, watcher };
}

describe('the notification centre from the cache', () => {
  it("never answers with another user's page", async () => {
    const one = await watcherOf('Night Static');
    const two = await watcherOf('Paper Tigers');
    await announceTo(one.performer);
    for (let round = 0; round < 3; round += 1) {
      expect((await centre(one.watcher.cookie)).items.map((n) => n.title)).toEqual([
        'Night Static announced a show',
      ]);
      expect((await centre(two.watcher.cookie)).items).toEqual([]);
      expect((await centre(two.watcher.cookie, b)).items).toEqual([]);
      expect((await centre(one.watcher.cookie, b)).unread).toBe(1);
    }
  });

  it('shows a new alert on the next request, here and in another process', async () => {
    const { performer, watcher } = await watcherOf('Glass Harbor');
    expect((await cached(watcher.cookie)).items).toEqual([]);
    expect((await cached(watcher.cookie, b)).items).toEqual([]);
    await announceTo(performer);
    expect((await centre(watcher.cookie)).unread).toBe(1);
    expect((await centre(watcher.cookie, b)).unread).toBe(1);
  });

  it('shows a read mark made in one process on the next request in the other', async () => {
    const { performer, watcher } = await watcherOf('Low Tide Choir');
    await announceTo(performer);
    expect((await cached(watcher.cookie, b)).unread).toBe(1);
    const read = await send(t.app, 'POST', '/api/notifications/read', watcher.cookie, {
      all: true,
    });
    expect(read.json()).toEqual({ unread: 0 });
    const after = await centre(watcher.cookie, b);
    expect(after.unread).toBe(0);
    expect(after.items[0]?.readAt).not.toBeNull();
  });

  it("shows a performer's new name in their alerts on the next request", async () => {
    const { performer, watcher } = await watcherOf('Old Name');
    await announceTo(performer);
    // An alert reads as it was sent (its event keeps the name: alert-as-sent.test.ts); one whose
    // event was written before events kept their facts shows the name as it is now, and the
    // cached centre must follow the rename as before.
    await t.database.pool.query(
      `update show_events set payload = payload - 'facts'
       where show_id in (select id from shows where performer_id = $1)`,
      [performer.id],
    );
    expect((await cached(watcher.cookie, b)).items[0]?.title).toBe('Old Name announced a show');
    // Many rounds, straight in SQL: the wait for the notices must hold, not win a race now and then.
    for (let round = 0; round < 20; round += 1) {
      const name = `Name ${round}`;
      await t.database.pool.query(
        'update performer_profiles set artist_name = $1 where user_id = $2',
        [name, performer.id],
      );
      expect((await centre(watcher.cookie, b)).items[0]?.title).toBe(`${name} announced a show`);
    }
  });

  it('serves the cached page: a write that sends no notice is not seen (so every writer must)', async () => {
    const { performer, watcher } = await watcherOf('Quiet Write');
    await announceTo(performer);
    expect((await cached(watcher.cookie)).unread).toBe(1);
    // alert_deliveries has no trigger: its writers notify (the fan-out, read marks).
    await t.database.pool.query('update alert_deliveries set read_at = now() where fan_id = $1', [
      watcher.id,
    ]);
    expect((await centre(watcher.cookie)).unread).toBe(1);
    await t.database.pool.query("select pg_notify('encore_notifications_read', $1)", [watcher.id]);
    expect((await centre(watcher.cookie)).unread).toBe(0);
  });

  it("keeps other fans' centres when a small fan-out names its fans", async () => {
    const reached = await watcherOf('Named Few');
    const bystander = await watcherOf('Someone Else');
    await announceTo(bystander.performer);
    const venue = await member(t, 'venue', { venueName: 'The Kept Room', zipCode: '60601' });
    expect((await cached(bystander.watcher.cookie)).unread).toBe(1);
    expect((await cached(bystander.watcher.cookie, b)).unread).toBe(1);
    // Seen only by a centre read afresh: the write sends no notice (as in the test above).
    await t.database.pool.query('update alert_deliveries set read_at = now() where fan_id = $1', [
      bystander.watcher.id,
    ]);
    await announceTo(reached.performer, venue);
    expect((await centre(reached.watcher.cookie)).unread).toBe(1);
    expect((await centre(reached.watcher.cookie, b)).unread).toBe(1);
    // Still the cached page in both processes: the fan-out's notice did not name this fan.
    expect((await centre(bystander.watcher.cookie)).unread).toBe(1);
    expect((await centre(bystander.watcher.cookie, b)).unread).toBe(1);
    await t.database.pool.query("select pg_notify('encore_notifications_read', $1)", [
      bystander.watcher.id,
    ]);
    expect((await centre(bystander.watcher.cookie)).unread).toBe(0);
  });

  it("keeps other fans' centres when a big fan-out names none: it asks which of its fans were alerted", async () => {
    const reached = await watcherOf('Probed Many');
    const bystander = await watcherOf('Not Among Them');
    const venue = await member(t, 'venue', { venueName: 'The Probe Room', zipCode: '60601' });
    const show = await announceTo(reached.performer, venue);
    await announceTo(bystander.performer, venue);
    for (const app of [t.app, b]) {
      expect((await cached(reached.watcher.cookie, app)).unread).toBe(1);
      expect((await cached(bystander.watcher.cookie, app)).unread).toBe(1);
    }
    // Both alerts read without a notice: only a centre read afresh shows it.
    await t.database.pool.query(
      'update alert_deliveries set read_at = now() where fan_id = any($1::text[])',
      [[reached.watcher.id, bystander.watcher.id]],
    );
    // The notice of a fan-out too big to name its fans (decodeMatchedNotice: no `fans`).
    const eventId = await eventOf(t, show.id, 'announced');
    await t.database.pool.query('select pg_notify($1, $2)', [
      PG_CHANNELS.matched,
      encodeMatchedNotice(eventId, ALL_FANS),
    ]);
    for (const app of [t.app, b]) {
      expect((await centre(reached.watcher.cookie, app)).unread).toBe(0);
      // Kept: the probe found this fan had no alert of that event.
      expect((await centre(bystander.watcher.cookie, app)).unread).toBe(1);
    }
  });

  it('names at most ~200 fans in a fan-out’s notice', () => {
    // Ids as Encore's accounts have them: 32 characters.
    const fans = (n: number) => Array.from({ length: n }, (_, i) => `${i}`.padStart(32, 'f'));
    const few = fans(200);
    const many = fans(230);
    expect(decodeMatchedNotice(encodeMatchedNotice('e1', ALL_FANS, few)).fans).toEqual(few);
    expect(decodeMatchedNotice(encodeMatchedNotice('e1', ALL_FANS, many)).fans).toBeUndefined();
    expect(encodeMatchedNotice('e1', ALL_FANS, many).length).toBeLessThan(MATCHED_NOTICE_BYTES);
    expect(decodeMatchedNotice('e1')).toEqual({ eventId: 'e1', range: ALL_FANS });
  });

  it('fails on the next request once the account is deleted', async () => {
    const { watcher } = await watcherOf('Gone Soon');
    await cached(watcher.cookie, b);
    expect((await send(t.app, 'DELETE', '/api/account', watcher.cookie)).statusCode).toBe(204);
    expect((await send(b, 'GET', '/api/notifications', watcher.cookie)).statusCode).toBe(401);
  });
});
