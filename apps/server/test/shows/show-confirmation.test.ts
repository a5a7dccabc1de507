import type { TNotificationPage, TShow } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchEvent, matchPendingEvents } from '../../src/alerts/match-event.ts';
import { channelsOf, deliveries, eventOf, fan, watch } from '../support/alerts.ts';
import { alertWhen, weekday, YEAR } from '../support/dates.ts';
import { type MailServer, withMailingApp } from '../support/mail-app.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, answerAs, member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started));

/**
 * A performer with a watcher (email) and a Rock fan living next to the venue (Chicago): the
 * audiences a show at the venue would alert.
 */
async function stage() {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const watcher = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'] });
  await watch(t, watcher.cookie, performer.id, ['email']);
  const nearby = await fan(t, { zipCode: '60614', preferredRadius: 25, favoriteGenres: ['Rock'] });
  return { performer, venue, watcher, nearby };
}

const input = (performerId: string, venueId: string) => ({
  performerId,
  venueId,
  genre: 'Rock' as const,
});

async function eventsOf(showId: string) {
  const { rows } = await t.database.orm.execute<{ kind: string }>(
    sql`select kind from show_events where show_id = ${showId} order by created_at`,
  );
  return rows.map((r) => r.kind);
}

const get = (url: string, cookie?: string) => send(t.app, 'GET', url, cookie);
const ids = (shows: TShow[]) => shows.map((s) => s.id);

async function notices(cookie: string) {
  const response = await get('/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TNotificationPage>();
}

async function emailOf(userId: string) {
  const { rows } = await t.database.orm.execute<{ email: string }>(
    sql`select email from "user" where id = ${userId}`,
  );
  return rows[0]?.email ?? '';
}

/** The mails to a user, subjects decoded (RFC 2047 Q words, as nodemailer folds them). */
const mailTo = async (userId: string) => {
  const address = await emailOf(userId);
  return mail.received
    .filter((m) => m.envelopeTo.includes(address))
    .map((m) => ({ ...m, subject: decodeSubject(m.headers.subject ?? '') }));
};

function decodeSubject(header: string): string {
  // Adjacent encoded words are one text (a character's bytes may straddle them).
  const joined = header.replace(/\?=\s+=\?UTF-8\?Q\?/gi, '');
  return joined.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
    decodeURIComponent(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
}

describe('a venue announces a show for an Encore performer', () => {
  it('is pending for the performer: off its pages, alerting nobody, with a notice and an email', async () => {
    const { performer, venue, watcher, nearby } = await stage();
    const show = await announceAs(t, venue.cookie, input(performer.id, venue.id));
    expect(show.confirmation).toEqual({ state: 'pending', partyId: performer.id });
    // No event: neither the performer's watchers nor genre fans nearby can be matched.
    expect(await eventsOf(show.id)).toEqual([]);
    await matchPendingEvents(t.database.orm);
    const { rows } = await t.database.orm.execute(
      sql`select 1 from alert_deliveries where fan_id in (${watcher.id}, ${nearby.id})`,
    );
    expect(rows).toEqual([]);

    expect(ids((await get(`/api/artists/${performer.id}`)).json().upcoming)).toEqual([]);
    expect(ids((await get(`/api/venues/${venue.id}`)).json().upcoming)).toEqual([]);
    expect((await get(`/api/shows/${show.id}`)).statusCode).toBe(404);
    expect((await get(`/api/shows/${show.id}`, nearby.cookie)).statusCode).toBe(404);
    expect((await get(`/api/shows/${show.id}/calendar.ics`)).statusCode).toBe(404);
    const alertsFeed = await get('/api/fan/alerts', nearby.cookie);
    expect(alertsFeed.json().items).toEqual([]);
    const goingTo = await send(t.app, 'PUT', `/api/shows/${show.id}/attendance`, nearby.cookie, {
      status: 'going',
    });
    expect(goingTo.statusCode).toBe(404);
    // Its two parties see it, each in their own list and on its page.
    for (const party of [performer, venue]) {
      expect((await get(`/api/shows/${show.id}`, party.cookie)).statusCode).toBe(200);
      expect(ids((await get('/api/shows/mine', party.cookie)).json().shows)).toContain(show.id);
    }

    const { items, unread } = await notices(performer.cookie);
    expect(unread).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'confirmation_requested',
      showId: show.id,
      title: `The Lantern listed you for ${weekday('Jun', 14)}, Jun 14, ${YEAR}`,
      body: `Night Static · ${alertWhen('Jun', 14, '8:00 PM')} · The Lantern, Chicago, IL`,
      readAt: null,
    });
    const [sent] = await mailTo(performer.id);
    expect(sent?.subject).toBe(
      `The Lantern listed you for ${weekday('Jun', 14)}, Jun 14, ${YEAR} — Confirm / Decline`,
    );
    expect(sent?.text).toContain('Confirm or decline it here: http://localhost:3000/my-shows');
    const { rows: marked } = await t.database.orm.execute<{ emailed: boolean }>(
      sql`select emailed_at is not null as emailed from show_notices where show_id = ${show.id}`,
    );
    expect(marked).toEqual([{ emailed: true }]);
  });

  it('once the performer confirms: public, its watchers and genre fans alerted once', async () => {
    const { performer, venue, watcher, nearby } = await stage();
    const pending = await announceAs(t, venue.cookie, input(performer.id, venue.id));
    const show = await answerAs(t, performer.cookie, pending.id);
    expect(show.confirmation).toEqual({ state: 'confirmed', partyId: performer.id });
    // Again, and twice at once: still confirmed, still one announcement.
    await answerAs(t, performer.cookie, pending.id);
    await Promise.all([0, 1].map(() => answerAs(t, performer.cookie, pending.id)));
    expect(await eventsOf(show.id)).toEqual(['announced']);

    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    const rows = await deliveries(t, eventId);
    expect(channelsOf(rows, watcher.id)).toEqual(['email', 'in_app']);
    expect(channelsOf(rows, nearby.id)).toEqual(['email', 'in_app']);

    expect(ids((await get(`/api/artists/${performer.id}`)).json().upcoming)).toEqual([show.id]);
    expect(ids((await get(`/api/venues/${venue.id}`)).json().upcoming)).toEqual([show.id]);
    expect((await get(`/api/shows/${show.id}`)).statusCode).toBe(200);
    // The venue hears it was confirmed, in-app only.
    expect((await notices(venue.cookie)).items[0]).toMatchObject({
      kind: 'show_confirmed',
      title: 'Night Static confirmed your show',
    });
    expect(await mailTo(venue.id)).toEqual([]);
  });

  it('once the performer declines: withdrawn for good, the venue told in-app and by email', async () => {
    const { performer, venue } = await stage();
    const pending = await announceAs(t, venue.cookie, input(performer.id, venue.id));
    const show = await answerAs(t, performer.cookie, pending.id, 'decline');
    expect(show.confirmation).toEqual({ state: 'declined', partyId: performer.id });
    expect((await answerAs(t, performer.cookie, show.id, 'decline')).confirmation.state).toBe(
      'declined',
    );
    const confirm = await send(t.app, 'POST', `/api/shows/${show.id}/confirm`, performer.cookie);
    expect(confirm.statusCode).toBe(409);
    expect(await eventsOf(show.id)).toEqual([]);
    expect(ids((await get(`/api/artists/${performer.id}`)).json().upcoming)).toEqual([]);
    expect((await get(`/api/shows/${show.id}`)).statusCode).toBe(404);
    // The venue can no longer change it back into life.
    const edit = await send(t.app, 'PATCH', `/api/shows/${show.id}`, venue.cookie, {
      priceMin: 1,
    });
    expect(edit.statusCode).toBe(409);

    const { items } = await notices(venue.cookie);
    expect(items.map((n) => n.kind)).toEqual(['show_declined']);
    expect(items[0]?.title).toBe('Night Static declined your show');
    const sent = await mailTo(venue.id);
    expect(sent.map((m) => m.subject)).toEqual([
      `Night Static declined your show on ${weekday('Jun', 14)}, Jun 14, ${YEAR}`,
    ]);
  });
});

describe('a performer announces a show at an Encore venue', () => {
  it('is pending for the venue, and its own watchers hear nothing until the venue confirms', async () => {
    const { performer, venue, watcher } = await stage();
    const pending = await announceAs(t, performer.cookie, input(performer.id, venue.id));
    expect(pending.confirmation).toEqual({ state: 'pending', partyId: venue.id });
    expect(await eventsOf(pending.id)).toEqual([]);
    expect(ids((await get(`/api/venues/${venue.id}`)).json().upcoming)).toEqual([]);
    expect(ids((await get(`/api/artists/${performer.id}`)).json().upcoming)).toEqual([]);
    expect((await notices(venue.cookie)).items[0]).toMatchObject({
      kind: 'confirmation_requested',
      title: `Night Static listed you for ${weekday('Jun', 14)}, Jun 14, ${YEAR}`,
    });
    const [sent] = await mailTo(venue.id);
    expect(sent?.subject).toBe(
      `Night Static listed you for ${weekday('Jun', 14)}, Jun 14, ${YEAR} — Confirm / Decline`,
    );

    await answerAs(t, venue.cookie, pending.id);
    const eventId = await eventOf(t, pending.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    expect(channelsOf(await deliveries(t, eventId), watcher.id)).toEqual(['email', 'in_app']);
    expect(ids((await get(`/api/venues/${venue.id}`)).json().upcoming)).toEqual([pending.id]);
  });

  it('at an external venue needs nobody’s word: confirmed and announced at once', async () => {
    const { performer } = await stage();
    const show = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: null,
      externalVenue: {
        name: 'Bowery Ballroom',
        streetAddress: '6 Delancey St',
        city: 'New York',
        state: 'NY',
        zipCode: '10002',
      },
    });
    expect(show.confirmation).toEqual({ state: 'confirmed', partyId: null });
    expect(await eventsOf(show.id)).toEqual(['announced']);
    expect(ids((await get(`/api/artists/${performer.id}`)).json().upcoming)).toEqual([show.id]);
    // Nobody to confirm it: not even its performer.
    const confirm = await send(t.app, 'POST', `/api/shows/${show.id}/confirm`, performer.cookie);
    expect(confirm.statusCode).toBe(403);
    expect((await notices(performer.cookie)).items).toEqual([]);
  });
});
