import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent, matchPendingEvents } from '../../src/alerts/match-event.ts';
import {
  channelsOf,
  deliveries,
  eventOf,
  fan,
  going,
  notificationSettings,
  subscribePush,
  verifyPhone,
  watch,
} from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A Rock performer and a venue in Chicago (60601): every test announces its own show. */
async function stage() {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const announce = () =>
    announceConfirmed(t, performer, venue, {
      genre: 'Rock',
    });
  return { performer, venue, announce };
}

describe('matching an announced show', () => {
  it('alerts watchers on their channels and genre fans within their radius on their toggles', async () => {
    const { performer, announce } = await stage();
    // Far away (New York) but watching: in-app plus the artist alert's channels.
    const watcher = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'] });
    await watch(t, watcher.cookie, performer.id, ['email']);
    // Lincoln Park, Chicago, about 3 mi from the venue: a Rock fan with a 25 mi radius.
    const near = await fan(t, {
      zipCode: '60614',
      homeCity: 'Chicago',
      preferredRadius: 25,
      favoriteGenres: ['Rock'],
    });
    await notificationSettings(t, near.cookie, { push: false, email: true });
    // Milwaukee is ~80 mi away: outside a 25 mi radius.
    // Watching by email, but email switched off in settings (or unsubscribed): in-app only.
    const quiet = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'] });
    await watch(t, quiet.cookie, performer.id, ['email']);
    await notificationSettings(t, quiet.cookie, { email: false });
    const far = await fan(t, { zipCode: '53202', preferredRadius: 25, favoriteGenres: ['Rock'] });
    const otherGenre = await fan(t, { zipCode: '60614', favoriteGenres: ['Jazz'] });
    const newShowsOff = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await notificationSettings(t, newShowsOff.cookie, { newShows: false });
    // Both a watcher (push) and a genre fan nearby: one row per channel, the watch's reason.
    const both = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await watch(t, both.cookie, performer.id, ['push']);
    await subscribePush(t, both.id);
    // Push chosen, but no browser ever subscribed: nothing to push to.
    const unsubscribed = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'] });
    await watch(t, unsubscribed.cookie, performer.id, ['push']);

    const show = await announce();
    const eventId = await eventOf(t, show.id, 'announced');
    expect(await matchEvent(t.database.orm, eventId)).toBeGreaterThan(0);
    const rows = await deliveries(t, eventId);

    expect(channelsOf(rows, watcher.id)).toEqual(['email', 'in_app']);
    expect(rows.find((r) => r.fan_id === watcher.id)?.reason).toBe(
      'You watch Night Static — headlining',
    );
    expect(channelsOf(rows, near.id)).toEqual(['email', 'in_app']);
    expect(rows.find((r) => r.fan_id === near.id)?.reason).toBe(
      'Rock show 3 mi from Chicago, IL — within your 25 mi radius',
    );
    expect(channelsOf(rows, unsubscribed.id)).toEqual(['in_app']);
    expect(channelsOf(rows, quiet.id)).toEqual(['in_app']);
    expect(channelsOf(rows, far.id)).toEqual([]);
    expect(channelsOf(rows, otherGenre.id)).toEqual([]);
    expect(channelsOf(rows, newShowsOff.id)).toEqual([]);
    // Defaults: push and email on; the watch adds nothing new but wins the reason.
    expect(channelsOf(rows, both.id)).toEqual(['email', 'in_app', 'push']);
    for (const row of rows.filter((r) => r.fan_id === both.id)) {
      expect(row.reason).toBe('You watch Night Static — headlining');
    }
    // In-app alerts are delivered by being written; the others wait for dispatch.
    for (const row of rows) expect(row.state).toBe(row.channel === 'in_app' ? 'sent' : 'pending');
  });

  it('texts only an opted-in, verified phone that never sent STOP', async () => {
    const { performer, announce } = await stage();
    const verified = await fan(t, { smsOptIn: true });
    await verifyPhone(t, verified.id);
    const unverified = await fan(t, { smsOptIn: true });
    const notOptedIn = await fan(t, { smsOptIn: true });
    await verifyPhone(t, notOptedIn.id);
    const stopped = await fan(t, { smsOptIn: true });
    await verifyPhone(t, stopped.id);
    await t.database.orm.execute(sql`
      insert into sms_opt_outs (phone)
      select '+1' || regexp_replace(phone, '\\D', '', 'g') from fan_profiles
      where user_id = ${stopped.id}`);
    for (const f of [verified, unverified, notOptedIn, stopped]) {
      await watch(t, f.cookie, performer.id, ['sms']);
    }
    // Opting out of SMS in the profile after choosing SMS for the artist stops the texts.
    await t.database.orm.execute(
      sql`update fan_profiles set sms_opt_in = false where user_id = ${notOptedIn.id}`,
    );
    const show = await announce();
    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    const rows = await deliveries(t, eventId);
    expect(channelsOf(rows, verified.id)).toEqual(['in_app', 'sms']);
    expect(channelsOf(rows, unverified.id)).toEqual(['in_app']);
    expect(channelsOf(rows, notOptedIn.id)).toEqual(['in_app']);
    expect(channelsOf(rows, stopped.id)).toEqual(['in_app']);
  });

  it('holds genre matches for the daily digest when chosen; watched artists stay instant', async () => {
    const { performer, announce } = await stage();
    const daily = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await notificationSettings(t, daily.cookie, { genreAlerts: 'daily' });
    const dailyWatcher = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await notificationSettings(t, dailyWatcher.cookie, { genreAlerts: 'daily' });
    await watch(t, dailyWatcher.cookie, performer.id, ['email', 'push']);
    await subscribePush(t, daily.id);
    await subscribePush(t, dailyWatcher.id);
    const show = await announce();
    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    const rows = await deliveries(t, eventId);
    const digestOf = (id: string) =>
      Object.fromEntries(rows.filter((r) => r.fan_id === id).map((r) => [r.channel, r.digest]));
    // In-app is the notification centre: it never waits.
    expect(digestOf(daily.id)).toEqual({ in_app: false, email: true, push: true });
    expect(digestOf(dailyWatcher.id)).toEqual({ in_app: false, email: false, push: false });
  });

  it('matches an event once, however often and however concurrently it is run', async () => {
    const { performer, announce } = await stage();
    const watchers = await Promise.all([fan(t), fan(t), fan(t)]);
    for (const w of watchers) {
      await watch(t, w.cookie, performer.id, ['email', 'push']);
      await subscribePush(t, w.id);
    }
    const show = await announce();
    const eventId = await eventOf(t, show.id, 'announced');
    const results = await Promise.all([
      matchEvent(t.database.orm, eventId),
      matchEvent(t.database.orm, eventId),
      matchPendingEvents(t.database.orm),
    ]);
    const ids = new Set(watchers.map((w) => w.id));
    const ofWatchers = async () => (await deliveries(t, eventId)).filter((r) => ids.has(r.fan_id));
    expect(await ofWatchers()).toHaveLength(9);
    // Exactly one of the runs wrote the rows; the others found the event taken or matched.
    expect(results.slice(0, 2).filter((r) => r !== null).length + results[2]).toBe(1);
    expect(await matchEvent(t.database.orm, eventId)).toBeNull();
    // Even with matched_at cleared (a replayed event), the unique key inserts nothing new.
    await t.database.orm.execute(
      sql`update show_events set matched_at = null where id = ${eventId}`,
    );
    expect(await matchEvent(t.database.orm, eventId)).toBe(0);
    expect(await ofWatchers()).toHaveLength(9);
  });
});

describe('matching follow-up events', () => {
  it('price drops reach watchers and going fans who keep price drops on', async () => {
    const { performer, announce } = await stage();
    const show = await announce();
    await matchPendingEvents(t.database.orm);
    const watcher = await fan(t, { zipCode: '10001' });
    await watch(t, watcher.cookie, performer.id, ['push']);
    const goer = await fan(t, { zipCode: '10001' });
    await going(t, goer.cookie, show.id);
    for (const f of [watcher, goer]) await subscribePush(t, f.id);
    const goerOff = await fan(t, { zipCode: '10001' });
    await going(t, goerOff.cookie, show.id);
    await notificationSettings(t, goerOff.cookie, { priceDrops: false });
    // A genre fan nearby gets the announcement, not the follow-ups.
    const nearby = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    const drop = await send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, {
      priceMin: 10,
    });
    expect(drop.statusCode).toBe(200);
    const eventId = await eventOf(t, show.id, 'price_drop');
    await matchEvent(t.database.orm, eventId);
    const rows = await deliveries(t, eventId);
    expect(channelsOf(rows, watcher.id)).toEqual(['in_app', 'push']);
    expect(channelsOf(rows, goer.id)).toEqual(['email', 'in_app', 'push']);
    expect(rows.find((r) => r.fan_id === goer.id)?.reason).toBe("You're going to this show");
    expect(channelsOf(rows, goerOff.id)).toEqual([]);
    expect(channelsOf(rows, nearby.id)).toEqual([]);
  });

  it('a postponement and a cancellation reach every fan told of the show, by genre too (not only those who watch the performer)', async () => {
    const { performer, announce } = await stage();
    // Told of the show by the announcement (a Rock fan ~3 mi away), and one who joins after it.
    const toldNearby = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await notificationSettings(t, toldNearby.cookie, { push: false, email: true });
    const show = await announce();
    await matchPendingEvents(t.database.orm);
    const latecomer = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    const goer = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await going(t, goer.cookie, show.id);

    // A price drop stays with watchers and going fans (their categories).
    await send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, { priceMin: 10 });
    const dropId = await eventOf(t, show.id, 'price_drop');
    await matchEvent(t.database.orm, dropId);
    expect(channelsOf(await deliveries(t, dropId), toldNearby.id)).toEqual([]);

    const postponed = await send(
      t.app,
      'POST',
      `/api/shows/${show.id}/postpone`,
      performer.cookie,
      { startsAtLocal: null },
    );
    expect(postponed.statusCode, postponed.body).toBe(200);
    const postponedId = await eventOf(t, show.id, 'postponed');
    await matchEvent(t.database.orm, postponedId);
    const moved = await deliveries(t, postponedId);
    expect(channelsOf(moved, toldNearby.id)).toEqual(['email', 'in_app']);
    expect(moved.find((r) => r.fan_id === toldNearby.id)?.reason).toBe(
      'You were alerted about this show',
    );
    // Going and told: one row per channel, the going reason.
    expect(moved.filter((r) => r.fan_id === goer.id).map((r) => r.reason)).toEqual([
      "You're going to this show",
      "You're going to this show",
    ]);
    expect(channelsOf(moved, latecomer.id)).toEqual([]);

    await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    const cancelledId = await eventOf(t, show.id, 'cancelled');
    await matchEvent(t.database.orm, cancelledId);
    expect(channelsOf(await deliveries(t, cancelledId), toldNearby.id)).toEqual([
      'email',
      'in_app',
    ]);
    expect(channelsOf(await deliveries(t, cancelledId), latecomer.id)).toEqual([]);
  });

  it('a cancellation reaches going fans and watchers whatever their categories', async () => {
    const { performer, announce } = await stage();
    const show = await announce();
    await matchPendingEvents(t.database.orm);
    const goer = await fan(t);
    await going(t, goer.cookie, show.id);
    await subscribePush(t, goer.id);
    await notificationSettings(t, goer.cookie, {
      newShows: false,
      ticketSales: false,
      priceDrops: false,
      lineupChanges: false,
    });
    const cancelled = await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    expect(cancelled.statusCode).toBe(200);
    const eventId = await eventOf(t, show.id, 'cancelled');
    await matchEvent(t.database.orm, eventId);
    expect(channelsOf(await deliveries(t, eventId), goer.id)).toEqual(['email', 'in_app', 'push']);
  });
});
