import type { TBookingRequest, TShow } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { channelsOf, deliveries, eventOf, fan, watch } from '../support/alerts.ts';
import { answerBooking, CONFIRM, freshNight, requested } from '../support/booking.ts';
import { unique } from '../support/factories.ts';
import { type MailServer, withMailingApp } from '../support/mail-app.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started));

/** A performer and a venue with booking addresses of their own (the mails go there). */
async function parties() {
  const id = unique();
  const performerEmail = `agent.${id}@echoes.example.com`;
  const venueEmail = `booking.${id}@lantern.example.com`;
  const performer = await member(t, 'performer', {
    artistName: `Night Static ${id}`,
    bookingAgentEmail: performerEmail,
  });
  const venue = await member(t, 'venue', {
    venueName: `The Lantern ${id}`,
    zipCode: '60601',
    city: 'Chicago',
    state: 'IL',
    bookingEmail: venueEmail,
  });
  return { performer, venue, performerEmail, venueEmail };
}

const list = async (cookie: string, query = '') => {
  const response = await send(t.app, 'GET', `/api/booking-requests${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ requests: TBookingRequest[] }>().requests;
};

async function ok(response: Awaited<ReturnType<typeof answerBooking>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ request: TBookingRequest }>().request;
}

const mailsTo = (address: string) => mail.received.filter((m) => m.envelopeTo.includes(address));

/** Mails go after the commit, before the answer: by the time the response is here, they are. */
async function mailTo(address: string, count: number) {
  const found = mailsTo(address);
  expect(found.map((m) => m.headers.subject)).toHaveLength(count);
  return found[count - 1];
}

describe('the booking request state machine over HTTP', () => {
  it('send: pending, both sides list it with public names only, the venue is mailed', async () => {
    const { performer, venue, venueEmail } = await parties();
    const date = freshNight();
    const request = await requested(t, performer, venue.id, { date, message: 'Hello\nThere' });
    expect(request).toMatchObject({
      performerId: performer.id,
      venueId: venue.id,
      city: 'Chicago',
      state: 'IL',
      date,
      message: 'Hello\nThere',
      status: 'pending',
      declineNote: null,
      planId: null,
      showId: null,
      answeredAt: null,
      performerGenres: ['Indie', 'Rock'],
    });
    expect(request.performerName).toMatch(/^Night Static /);
    expect(request.venueName).toMatch(/^The Lantern /);
    expect(Object.keys(request).sort()).toEqual(
      [
        'id',
        'performerId',
        'performerName',
        'performerGenres',
        'venueId',
        'venueName',
        'city',
        'state',
        'date',
        'message',
        'status',
        'declineNote',
        'planId',
        'showId',
        'createdAt',
        'answeredAt',
      ].sort(),
    );
    expect(await list(performer.cookie)).toEqual([request]);
    expect(await list(venue.cookie)).toEqual([request]);

    const sent = await mailTo(venueEmail, 1);
    expect(sent?.text).toContain(request.performerName);
    expect(sent?.text).toContain('Hello\nThere');
    expect(sent?.text).toContain('http://localhost:3000/my-shows');
    const night = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(sent?.text).toContain(night);
    expect(sent?.headers.subject).toContain('Booking request from');
  });

  it('lists newest first, each side its own; planId narrows the performer’s to its plan', async () => {
    const { performer, venue } = await parties();
    const other = await member(t, 'venue');
    const { rows } = await t.database.orm.execute<{ id: string }>(sql`
      insert into tour_plans (performer_id, name, prompt, constraints, result)
      values (${performer.id}, 'Spring run', '10 dates', '{}'::jsonb, '{}'::jsonb) returning id`);
    const planId = rows[0]?.id ?? '';
    const first = await requested(t, performer, venue.id, { planId });
    const second = await requested(t, performer, other.id);
    expect(first.planId).toBe(planId);
    expect((await list(performer.cookie)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await list(performer.cookie, `?planId=${planId}`)).map((r) => r.id)).toEqual([
      first.id,
    ]);
    expect((await list(venue.cookie)).map((r) => r.id)).toEqual([first.id]);
    expect((await list(other.cookie)).map((r) => r.id)).toEqual([second.id]);

    // Another performer's plan id is not theirs to file under: the request stands without one.
    const stranger = await member(t, 'performer');
    const stray = await requested(t, stranger, venue.id, { planId });
    expect(stray.planId).toBeNull();
  });

  it('accept: held, the performer is mailed; decline of the hold keeps the note', async () => {
    const { performer, venue, performerEmail } = await parties();
    const request = await requested(t, performer, venue.id);
    const held = await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    expect(held.status).toBe('held');
    expect(held.answeredAt).not.toBeNull();
    expect((await list(performer.cookie))[0]?.status).toBe('held');
    const heldMail = await mailTo(performerEmail, 1);
    expect(heldMail?.text).toContain('Date held');

    const note = 'We had to give that night to a festival.';
    const declined = await ok(
      await answerBooking(t, venue.cookie, request.id, 'decline', { note }),
    );
    expect(declined).toMatchObject({ status: 'declined', declineNote: note });
    expect((await list(performer.cookie))[0]).toMatchObject({
      status: 'declined',
      declineNote: note,
    });
    const declinedMail = await mailTo(performerEmail, 2);
    expect(declinedMail?.text).toContain('Declined');
    expect(declinedMail?.text).toContain(note);
  });

  it('a performer without a booking agent address is mailed at its account’s', async () => {
    const performer = await member(t, 'performer', { bookingAgentEmail: null });
    const venue = await member(t, 'venue');
    const { rows } = await t.database.orm.execute<{ email: string }>(
      sql`select email from "user" where id = ${performer.id}`,
    );
    const request = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    expect((await mailTo(rows[0]?.email ?? '', 1))?.text).toContain('Date held');
  });

  it('decline a pending request without a note; withdraw a pending and a held one', async () => {
    const { performer, venue } = await parties();
    const a = await requested(t, performer, venue.id);
    const declined = await ok(await answerBooking(t, venue.cookie, a.id, 'decline', {}));
    expect(declined).toMatchObject({ status: 'declined', declineNote: null });

    const b = await requested(t, performer, venue.id);
    expect((await ok(await answerBooking(t, performer.cookie, b.id, 'withdraw'))).status).toBe(
      'withdrawn',
    );
    const c = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, c.id, 'accept'));
    expect((await ok(await answerBooking(t, performer.cookie, c.id, 'withdraw'))).status).toBe(
      'withdrawn',
    );
    expect((await list(venue.cookie)).find((r) => r.id === c.id)?.status).toBe('withdrawn');
    // Withdrawn, the night is free again: the same performer may ask for it anew.
    await requested(t, performer, venue.id, { date: c.date });
  });

  it('confirm: a live confirmed show with its announcement, on the venue’s page, in one step', async () => {
    const { performer, venue, performerEmail } = await parties();
    const watcher = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'] });
    await watch(t, watcher.cookie, performer.id, ['email']);
    const request = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    const confirmed = await ok(
      await answerBooking(t, venue.cookie, request.id, 'confirm', CONFIRM),
    );
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.showId).toEqual(expect.any(String));

    const showId = confirmed.showId ?? '';
    const page = await send(t.app, 'GET', `/api/shows/${showId}`, undefined);
    expect(page.statusCode, page.body).toBe(200);
    const { show } = page.json<{ show: TShow }>();
    expect(show).toMatchObject({
      performer: { id: performer.id },
      venue: { id: venue.id, city: 'Chicago' },
      genre: CONFIRM.genre,
      ticketUrl: CONFIRM.ticketUrl,
      priceMin: CONFIRM.priceMin,
      priceMax: CONFIRM.priceMax,
      confirmation: { state: 'confirmed' },
    });
    // 20:30 on the night, in Chicago's zone (the venue's), whatever the server's zone.
    const { rows } = await t.database.orm.execute<{ local: string; zone: string }>(sql`
      select to_char(starts_at at time zone time_zone, 'YYYY-MM-DD"T"HH24:MI') as local,
        time_zone as zone from shows where id = ${showId}`);
    expect(rows[0]).toEqual({ local: `${request.date}T20:30`, zone: 'America/Chicago' });
    const events = await t.database.orm.execute<{ kind: string }>(
      sql`select kind from show_events where show_id = ${showId}`,
    );
    expect(events.rows.map((r) => r.kind)).toEqual(['announced']);
    // The performer's watcher is alerted, as for any show confirmed by both parties.
    const eventId = await eventOf(t, showId, 'announced');
    await matchEvent(t.database.orm, eventId);
    expect(channelsOf(await deliveries(t, eventId), watcher.id)).toEqual(['email', 'in_app']);
    const venuePage = await send(t.app, 'GET', `/api/venues/${venue.id}`, undefined);
    expect(venuePage.json().upcoming.map((s: TShow) => s.id)).toContain(showId);
    // No confirmation is asked of anyone: both parties agreed through the request.
    const notices = await t.database.orm.execute(
      sql`select 1 from show_notices where show_id = ${showId}`,
    );
    expect(notices.rows).toEqual([]);
    const sent = await mailTo(performerEmail, 2);
    expect(sent?.headers.subject).toContain('Confirmed');
    expect(sent?.text).toContain('The show is confirmed');
  });
});
