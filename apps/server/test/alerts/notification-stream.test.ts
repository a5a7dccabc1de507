import type { TNotification, TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningTestApp, openStream, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { weekday, YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { announceAs, announceConfirmed, announced, member } from '../support/shows.ts';

let t: ListeningTestApp;
const email = recordingSender('email');
beforeAll(async () => {
  // Encore as npm start runs it: workers in the process; the email provider is a recorder.
  t = await startAlertServer({ senders: [email.sender], dispatch: { pollMs: 100 } });
});
afterAll(() => t.close());

async function stage() {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const watcher = await fan(t);
  await watch(t, watcher.cookie, performer.id, ['email']);
  const announce = () =>
    announceConfirmed(t, performer, venue, {
      genre: 'Rock',
    });
  return { watcher, announce };
}

describe('an announcement, end to end', () => {
  // How fast it arrives is a figure for `npm run bench:fanout` (time to the first in-app alert),
  // not an assertion here: a wall-clock bound fails on a busy machine, not on a slow server.
  it('reaches the watching fan’s notification centre once, unread, and their email', async () => {
    const { watcher, announce } = await stage();
    const show = await announce();
    const forShow = await eventually(async () => {
      const response = await send(t.app, 'GET', '/api/notifications', watcher.cookie);
      const { items } = response.json<TNotificationPage>();
      const matching = items.filter((n) => n.showId === show.id);
      return matching.length > 0 && matching;
    });
    expect(forShow).toHaveLength(1);
    expect(forShow[0]).toMatchObject({ title: 'Night Static announced a show', readAt: null });
    await eventually(() =>
      email.received.some((a) => a.fanId === watcher.id && a.showId === show.id),
    );
  });
});

describe('GET /api/notifications/stream', () => {
  it('sends the unread count, then each new alert and the new count, live', async () => {
    const { watcher, announce } = await stage();
    const stream = await openStream(t.baseUrl, watcher.cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('cache-control')).toBe('no-store');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      expect((await stream.next((e) => e.event === 'unread')).data).toEqual({ unread: 0 });

      const show = await announce();
      const live = await stream.next((e) => e.event === 'notification');
      expect(live.data as TNotification).toMatchObject({
        showId: show.id,
        kind: 'announced',
        title: 'Night Static announced a show',
        reason: 'You watch Night Static — headlining',
      });
      await stream.next((e) => e.event === 'unread' && (e.data as { unread: number }).unread === 1);

      // Reading (here, or in another tab or process) updates the count on the stream.
      const seen = stream.events.length;
      await send(t.app, 'POST', '/api/notifications/read', watcher.cookie, { all: true });
      await stream.next((e) => stream.events.indexOf(e) >= seen && e.event === 'unread');
      expect(stream.events.at(-1)?.data).toEqual({ unread: 0 });
    } finally {
      await stream.close();
    }
  });

  it('sends a fan only their own alerts', async () => {
    const { watcher, announce } = await stage();
    const bystander = await fan(t, { zipCode: '99501', favoriteGenres: ['Jazz'] });
    const stream = await openStream(t.baseUrl, bystander.cookie);
    const mine = await openStream(t.baseUrl, watcher.cookie);
    try {
      await stream.next((e) => e.event === 'unread');
      await mine.next((e) => e.event === 'unread');
      await announce();
      await mine.next((e) => e.event === 'notification');
      // The hub wrote the match's items to every stream before `mine` saw its own; a later
      // event on the bystander's stream (its count after a read) comes after anything of it.
      const seen = stream.events.length;
      await send(t.app, 'POST', '/api/notifications/read', bystander.cookie, { all: true });
      await stream.next((e) => stream.events.indexOf(e) >= seen && e.event === 'unread');
      expect(stream.events.filter((e) => e.event === 'notification')).toEqual([]);
    } finally {
      await stream.close();
      await mine.close();
    }
  });
});

describe('show notices on the stream', () => {
  it('a performer sees a venue’s request to confirm live, with the new count', async () => {
    const performer = await member(t, 'performer', { artistName: 'Night Static' });
    const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
    const stream = await openStream(t.baseUrl, performer.cookie);
    try {
      expect((await stream.next((e) => e.event === 'unread')).data).toEqual({ unread: 0 });
      const show = await announceAs(t, venue.cookie, {
        performerId: performer.id,
        venueId: venue.id,
      });
      const live = await stream.next((e) => e.event === 'notification');
      expect(live.data as TNotification).toMatchObject({
        showId: show.id,
        kind: 'confirmation_requested',
        title: `The Lantern listed you for ${weekday('Jun', 14)}, Jun 14, ${YEAR}`,
      });
      await stream.next((e) => e.event === 'unread' && (e.data as { unread: number }).unread === 1);
    } finally {
      await stream.close();
    }
  });
});

describe('the stream after its LISTEN connection was lost', () => {
  it('streams what was written meanwhile, once, and the count', async () => {
    const { watcher } = await stage();
    const { show } = await announced(t);
    const stream = await openStream(t.baseUrl, watcher.cookie);
    try {
      await stream.next((e) => e.event === 'unread');
      // An alert written with no NOTIFY, as one written while the hub's connection was down.
      const { rows } = await t.database.orm.execute<{ id: string }>(sql`
        insert into alert_deliveries (fan_id, show_event_id, channel, reason, state, sent_at)
        select ${watcher.id}, e.id, 'in_app', 'You watch them', 'sent', now()
        from show_events e where e.show_id = ${show.id} limit 1
        returning notification_id::text as id`);
      const missed = rows[0]?.id;
      // Cut the hub's LISTEN connection: it reconnects and catches up.
      const cut = await t.database.orm.execute<{ n: number }>(sql`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`);
      expect(cut.rows[0]?.n).toBeGreaterThan(0);
      const caught = await stream.next(
        (e) => e.event === 'notification' && (e.data as TNotification).id === missed,
        15_000,
      );
      expect(caught.data).toMatchObject({ showId: show.id, readAt: null });
      await stream.next((e) => e.event === 'unread' && (e.data as { unread: number }).unread === 1);
      expect(
        stream.events.filter(
          (e) => e.event === 'notification' && (e.data as TNotification).id === missed,
        ),
      ).toHaveLength(1);
    } finally {
      await stream.close();
    }
  });
});
