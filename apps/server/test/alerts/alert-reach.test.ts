import type { TNotification } from '@encore/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import { createNotificationRepo } from '../../src/repositories/notification.repo.ts';
import { deliveries, eventOf, fan, notificationSettings } from '../support/alerts.ts';
import { bulkFans } from '../support/bulk-fans.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A big audience is reached at one commit (decision 064): from the commit of its reach, before
 * the matcher has written a single in-app row, every fan of it finds the alert in their centre,
 * their unread count, a stream's read and its catch-up, as the row will say it; a fan outside it
 * finds nothing; a read mark made meanwhile lands on the row once it is written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inAppRows = async (eventId: string) => {
  const { rows } = await t.database.orm.execute<{ n: number }>(sql`
    select count(*)::int as n from alert_deliveries d join show_events e on e.id = ${eventId}
    where d.channel = 'in_app' and d.notification_id = e.notification_id`);
  return rows[0]?.n ?? 0;
};

const countOf = async (table: 'alert_early_reads') => {
  const { rows } = await t.database.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return rows[0]?.n ?? 0;
};

/** Whether the event's reach lasts. */
const reaching = async (eventId: string) => {
  const { rows } = await t.database.orm.execute(
    sql`select 1 from alert_reaches where show_event_id = ${eventId}`,
  );
  return rows.length > 0;
};

describe('a big audience reached before its rows are written', () => {
  it('gives every fan of it the alert at the reach, and the rows say the same', async () => {
    const performer = await member(t, 'performer', { artistName: 'Reach Band' });
    const venue = await member(t, 'venue', { venueName: 'The Reach', zipCode: '60601' });
    const watchers = await bulkFans(t.database.orm, {
      count: 12,
      performerId: performer.id,
      channels: ['email'],
    });
    const near = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    const quiet = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await notificationSettings(t, quiet.cookie, { newShows: false });
    const elsewhere = await fan(t, { zipCode: '99501', favoriteGenres: ['Jazz'] });
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
      startsAtLocal: laterStart(3),
    });
    const eventId = await eventOf(t, show.id, 'announced');
    const repo = createNotificationRepo(t.database.orm);
    const [first, second, third] = watchers.map((w) => w.id);
    if (!first || !second || !third) throw new Error('no watchers');
    const fans = [first, second, third, near.id, quiet.id, elsewhere.id];

    let during: Map<string, TNotification> | undefined;
    let unreadDuring: Map<string, number> | undefined;
    await matchEvent(t.database.orm, eventId, {
      sliceFans: 4,
      afterReach: async () => {
        // Reached, and not one row written yet.
        expect(await inAppRows(eventId)).toBe(0);
        expect(await reaching(eventId)).toBe(true);
        during = new Map();
        for (const id of fans) {
          const page = await repo.page(id, null, 20);
          const item = page.items.find((i) => i.showId === show.id);
          if (item) during.set(id, item);
        }
        unreadDuring = await repo.unreadOf(fans);
        // The stream's read of the event (at the reach's notice) and its catch-up after a lost
        // LISTEN give the same alerts.
        const streamed = await repo.ofEvent(eventId, fans);
        expect(new Set(streamed.map((i) => i.fanId))).toEqual(new Set(during.keys()));
        const caughtUp = await repo.after([second], 0);
        expect(caughtUp.map((i) => i.id)).toContain(during.get(second)?.id);
        // One fan reads it now, another reads everything: their rows are not written yet.
        await repo.markRead(first, [Number(during.get(first)?.id)]);
        await repo.markRead(second, 'all');
        expect(await countOf('alert_early_reads')).toBe(2);
        const afterRead = await repo.page(first, null, 20);
        expect(afterRead.items.find((i) => i.showId === show.id)?.readAt).not.toBeNull();
        expect(afterRead.unread).toBe(0);
        expect((await repo.unreadOf([first, second, third])).get(third)).toBe(1);
        expect(await repo.unread(second)).toBe(0);
      },
    });
    if (!during || !unreadDuring) throw new Error('the reach never began');

    // Watchers by their watch, the genre fan by the genre rule; not the fan with new shows off,
    // nor the fan far away who likes Jazz.
    expect(new Set(during.keys())).toEqual(new Set([first, second, third, near.id]));
    expect(during.get(third)?.reason).toBe('You watch Reach Band — headlining');
    expect(during.get(near.id)?.reason).toMatch(/^Rock show \d+ mi from /);
    expect(unreadDuring.get(third)).toBe(1);
    expect(unreadDuring.get(elsewhere.id)).toBe(0);

    // The rows, written, say what the reach said; the early marks are on them; the reach is over.
    expect(await inAppRows(eventId)).toBe(watchers.length + 1);
    expect(await reaching(eventId)).toBe(false);
    expect(await countOf('alert_early_reads')).toBe(0);
    for (const [id, item] of during) {
      const written = (await repo.page(id, null, 20)).items.find((i) => i.showId === show.id);
      if (!written) throw new Error(`no row for ${id}`);
      const read = id === first || id === second;
      // Dated when the audience was reached, as the item was.
      expect(written).toEqual({ ...item, readAt: read ? written.readAt : null });
      if (read) expect(written.readAt).not.toBeNull();
    }
    expect((await repo.unreadOf([first, second, third])).get(first)).toBe(0);
    expect(await repo.unread(third)).toBe(1);
  });

  it('matches a cancellation made during the reach after the rows, so every fan reached hears it', async () => {
    const performer = await member(t, 'performer', { artistName: 'Undo Band' });
    const venue = await member(t, 'venue', { venueName: 'The Undo', zipCode: '60601' });
    await bulkFans(t.database.orm, { count: 5, performerId: performer.id, channels: ['email'] });
    // Reached by the genre rule alone: only the announcement's row says the show reached them.
    const near = await fan(t, { zipCode: '60614', favoriteGenres: ['Metal'] });
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Metal',
      startsAtLocal: laterStart(5),
    });
    const eventId = await eventOf(t, show.id, 'announced');
    let cancelledId = '';
    // The show-event notices after the cancellation's own (heard from the reach on).
    const listener = new pg.Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    const notices: string[] = [];
    const announcedAgain = new Promise<string>((resolve) => {
      listener.on('notification', ({ payload }) => {
        if (payload) notices.push(payload);
        // Its first notice is the cancellation's own (its transaction's), the second the match's.
        if (notices.filter((p) => p === cancelledId).length === 2) resolve(cancelledId);
      });
    });
    await listener.query(`listen ${PG_CHANNELS.showEvent}`);
    onTestFinished(() => listener.end());
    await matchEvent(t.database.orm, eventId, {
      sliceFans: 3,
      afterReach: async () => {
        const cancelled = await send(
          t.app,
          'POST',
          `/api/shows/${show.id}/cancel`,
          performer.cookie,
        );
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        cancelledId = await eventOf(t, show.id, 'cancelled');
        // The announcement's rows are not written yet: the cancellation waits for them.
        expect(await matchEvent(t.database.orm, cancelledId)).toBeNull();
      },
    });
    expect(cancelledId).not.toBe('');
    // The announcement's match, once marked, announced the waiting cancellation again: the
    // matcher takes it now, not at the next sweep.
    expect(await announcedAgain).toBe(cancelledId);
    expect(await matchEvent(t.database.orm, cancelledId)).toBeGreaterThan(0);
    const rows = (await deliveries(t, cancelledId)).filter((r) => r.fan_id === near.id);
    expect(rows.find((r) => r.channel === 'in_app')?.reason).toBe(
      'You were alerted about this show',
    );
  });

  it('is gone with its event, and a small audience is written without one', async () => {
    const performer = await member(t, 'performer', { artistName: 'Gone Band' });
    const venue = await member(t, 'venue', { venueName: 'The Gone', zipCode: '60601' });
    await bulkFans(t.database.orm, { count: 3, performerId: performer.id, channels: ['email'] });
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
      startsAtLocal: laterStart(4),
    });
    const eventId = await eventOf(t, show.id, 'announced');
    const matched = await matchEvent(t.database.orm, eventId, {
      sliceFans: 2,
      afterReach: async () => {
        expect(await reaching(eventId)).toBe(true);
        await t.database.orm.execute(sql`delete from show_events where id = ${eventId}`);
        expect(await reaching(eventId)).toBe(false);
      },
    });
    expect(matched).toBeNull();
    expect(await reaching(eventId)).toBe(false);
  });
});
