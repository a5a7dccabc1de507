import { BOOKING_MESSAGES as B, SHOW_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerBooking,
  CONFIRM,
  freshNight,
  requestBooking,
  requested,
} from '../support/booking.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<typeof send>>;

/** The refusal's status, code, message and (when the form has one) the field it belongs to. */
function refused(response: Response, status: number, message: string, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json<{
    error: { code: string; message: string; fields?: Record<string, string> };
  }>();
  // A 400 names its field with the message; its own message is the form's generic one.
  if (status === 400) expect(error.message).toBe('Please correct the highlighted fields');
  else expect(error.message).toBe(message);
  if (field) expect(error.fields?.[field]).toBe(message);
  return error;
}

const pair = async () => ({
  performer: await member(t, 'performer'),
  venue: await member(t, 'venue', { zipCode: '60601', city: 'Chicago', state: 'IL' }),
});

/** 'YYYY-MM-DD' of today in Chicago (the venue's zone), shifted by `days`. */
function chicagoDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return at.toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
}

describe('sending a request is refused', () => {
  it('for a night that is today or past in the venue’s zone, or not a date at all', async () => {
    const { performer, venue } = await pair();
    for (const date of [chicagoDay(0), chicagoDay(-1)]) {
      refused(await requestBooking(t, performer, venue.id, { date }), 400, B.dateInPast, 'date');
    }
    const impossible = await requestBooking(t, performer, venue.id, { date: '2031-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error.fields.date).toBeDefined();
    // Tomorrow there is a future night.
    await requested(t, performer, venue.id, { date: chicagoDay(1) });
  });

  it('for a venue that does not exist, or a user who is not a venue', async () => {
    const { performer } = await pair();
    const fan = await member(t, 'fan');
    const otherPerformer = await member(t, 'performer');
    const bareVenue = await createUser(t.app, { role: 'venue' });
    for (const venueId of ['no-such-user', fan.id, otherPerformer.id, bareVenue.user.id]) {
      const error = refused(
        await requestBooking(t, performer, venueId),
        404,
        B.noSuchVenue,
        'venueId',
      );
      expect(error.code).toBe('NOT_FOUND');
    }
  });

  it('with an empty message', async () => {
    const { performer, venue } = await pair();
    const response = await requestBooking(t, performer, venue.id, { message: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.message).toBe(B.messageRequired);
  });

  it('twice for one night while the first is open (409), and again once it is closed', async () => {
    const { performer, venue } = await pair();
    const first = await requested(t, performer, venue.id);
    const again = await requestBooking(t, performer, venue.id, { date: first.date });
    expect(refused(again, 409, B.alreadyRequested, 'date').code).toBe('CONFLICT');
    await answerBooking(t, venue.cookie, first.id, 'decline', {});
    await requested(t, performer, venue.id, { date: first.date });
  });

  it('two at once for one night: one is sent, the other 409 (never 500)', async () => {
    const { performer, venue } = await pair();
    const date = freshNight();
    const answers = await Promise.all(
      [0, 1, 2].map(() => requestBooking(t, performer, venue.id, { date })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('for a night the venue has a live show on, or another performer’s hold', async () => {
    const { performer, venue } = await pair();
    const show = await announceConfirmed(t, performer, venue, {
      startsAtLocal: `${freshNight()}T21:00`,
    });
    const night = new Date(show.startsAt).toLocaleDateString('en-CA', {
      timeZone: 'America/Chicago',
    });
    const other = await member(t, 'performer');
    refused(await requestBooking(t, other, venue.id, { date: night }), 409, B.nightTaken, 'date');

    const held = await requested(t, performer, venue.id);
    await answerBooking(t, venue.cookie, held.id, 'accept');
    refused(await requestBooking(t, other, venue.id, { date: held.date }), 409, B.nightTaken);
    // Another venue that night is free, and so is this venue once the hold is withdrawn.
    await requested(t, other, (await member(t, 'venue')).id, { date: held.date });
    await answerBooking(t, performer.cookie, held.id, 'withdraw');
    await requested(t, other, venue.id, { date: held.date });
  });

  it('to fans and venues (403), and to anyone signed out (401)', async () => {
    const { venue } = await pair();
    const fan = await member(t, 'fan');
    for (const caller of [fan, venue]) {
      const error = refused(await requestBooking(t, caller, venue.id), 403, B.performersOnly);
      expect(error.code).toBe('FORBIDDEN');
    }
    const anonymous = await send(t.app, 'POST', '/api/booking-requests', undefined, {
      venueId: venue.id,
      date: freshNight(),
      message: 'Hi',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await send(t.app, 'GET', '/api/booking-requests', undefined)).statusCode).toBe(401);
    expect((await send(t.app, 'GET', '/api/booking-requests', fan.cookie)).statusCode).toBe(403);
  });
});

describe('answering a request is refused', () => {
  it('accepting twice, or answering a closed request (409 notOpen)', async () => {
    const { performer, venue } = await pair();
    const request = await requested(t, performer, venue.id);
    await answerBooking(t, venue.cookie, request.id, 'accept');
    refused(await answerBooking(t, venue.cookie, request.id, 'accept'), 409, B.notOpen);
    await answerBooking(t, venue.cookie, request.id, 'decline', {});
    for (const action of ['accept', 'decline'] as const) {
      refused(await answerBooking(t, venue.cookie, request.id, action, {}), 409, B.notOpen);
    }
    refused(await answerBooking(t, performer.cookie, request.id, 'withdraw'), 409, B.notOpen);
  });

  it('confirming a pending, declined or confirmed request (409 notHeld)', async () => {
    const { performer, venue } = await pair();
    const pending = await requested(t, performer, venue.id);
    refused(await answerBooking(t, venue.cookie, pending.id, 'confirm', CONFIRM), 409, B.notHeld);
    await answerBooking(t, venue.cookie, pending.id, 'accept');
    const done = await answerBooking(t, venue.cookie, pending.id, 'confirm', CONFIRM);
    expect(done.statusCode, done.body).toBe(200);
    refused(await answerBooking(t, venue.cookie, pending.id, 'confirm', CONFIRM), 409, B.notHeld);
    refused(await answerBooking(t, venue.cookie, pending.id, 'decline', {}), 409, B.notOpen);
    // Exactly one show came of it.
    const mine = await send(t.app, 'GET', '/api/shows/mine', venue.cookie);
    expect(mine.json().shows).toHaveLength(1);
  });

  it('confirming with a genre not the performer’s, or a time already past (400), writing nothing', async () => {
    const { performer, venue } = await pair();
    const request = await requested(t, performer, venue.id);
    await answerBooking(t, venue.cookie, request.id, 'accept');
    const jazz = await answerBooking(t, venue.cookie, request.id, 'confirm', {
      ...CONFIRM,
      genre: 'Jazz',
    });
    refused(jazz, 400, B.genreNotPerformers, 'genre');

    const tonight = await requested(t, performer, venue.id, { date: chicagoDay(1) });
    await answerBooking(t, venue.cookie, tonight.id, 'accept');
    // Held for tomorrow, then the clock is turned: the hold is now for a night that has begun.
    await t.database.pool.query(
      "update booking_requests set date = (now() at time zone 'America/Chicago')::date where id = $1",
      [tonight.id],
    );
    const late = await answerBooking(t, venue.cookie, tonight.id, 'confirm', {
      ...CONFIRM,
      startTime: '00:00',
    });
    refused(late, 400, SHOW_MESSAGES.dateInFuture, 'startTime');
    const mine = await send(t.app, 'GET', '/api/shows/mine', venue.cookie);
    expect(mine.json().shows).toEqual([]);
    const list = await send(t.app, 'GET', '/api/booking-requests', venue.cookie);
    expect(list.json().requests.map((r: { status: string }) => r.status)).toEqual(['held', 'held']);
  });

  it('confirming a night taken since the hold: by a show of the venue, or the performer elsewhere that day (409), writing nothing', async () => {
    const { performer, venue } = await pair();
    const external = {
      name: 'X Club',
      streetAddress: '1 Main St',
      city: 'Austin',
      state: 'TX' as const,
      zipCode: '78701',
    };
    // The performer announces a show elsewhere on the held night (confirmed at once: an
    // external venue names nobody else).
    const held = await requested(t, performer, venue.id);
    await answerBooking(t, venue.cookie, held.id, 'accept');
    const elsewhere = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      externalVenue: external,
      startsAtLocal: `${held.date}T19:00`,
    });
    const busy = await answerBooking(t, venue.cookie, held.id, 'confirm', CONFIRM);
    const error = refused(busy, 409, B.performerBusy('X Club'));
    expect((error as { detail?: { showId?: string } }).detail?.showId).toBe(elsewhere.id);

    // The venue puts another performer's show on a night it held for this one.
    const night = await requested(t, performer, venue.id);
    await answerBooking(t, venue.cookie, night.id, 'accept');
    const other = await member(t, 'performer');
    await announceConfirmed(t, other, venue, { startsAtLocal: `${night.date}T21:00` }, 'venue');
    refused(await answerBooking(t, venue.cookie, night.id, 'confirm', CONFIRM), 409, B.nightTaken);

    // Neither hold became a show.
    const list = await send(t.app, 'GET', '/api/booking-requests', venue.cookie);
    expect(list.json().requests.map((r: { status: string }) => r.status)).toEqual(['held', 'held']);
  });

  it('to another venue (404) and to the request’s own performer (403 venuesOnly)', async () => {
    const { performer, venue } = await pair();
    const request = await requested(t, performer, venue.id);
    const otherVenue = await member(t, 'venue');
    for (const [action, body] of [
      ['accept', undefined],
      ['decline', {}],
      ['confirm', CONFIRM],
    ] as const) {
      refused(await answerBooking(t, otherVenue.cookie, request.id, action, body), 404, B.notFound);
      refused(
        await answerBooking(t, performer.cookie, request.id, action, body),
        403,
        B.venuesOnly,
      );
    }
    refused(await answerBooking(t, venue.cookie, 'no-such-request', 'accept'), 404, B.notFound);
    // Another venue does not see it in its list either.
    const theirs = await send(t.app, 'GET', '/api/booking-requests', otherVenue.cookie);
    expect(theirs.json().requests).toEqual([]);
  });

  it('withdrawing another performer’s request (404), or by the venue or a fan (403)', async () => {
    const { performer, venue } = await pair();
    const request = await requested(t, performer, venue.id);
    const other = await member(t, 'performer');
    const fan = await member(t, 'fan');
    refused(await answerBooking(t, other.cookie, request.id, 'withdraw'), 404, B.notFound);
    refused(await answerBooking(t, venue.cookie, request.id, 'withdraw'), 403, B.performersOnly);
    refused(await answerBooking(t, fan.cookie, request.id, 'accept'), 403, B.venuesOnly);
    const anonymous = await send(
      t.app,
      'POST',
      `/api/booking-requests/${request.id}/accept`,
      undefined,
    );
    expect(anonymous.statusCode).toBe(401);
    const list = await send(t.app, 'GET', '/api/booking-requests', performer.cookie);
    expect(list.json().requests[0].status).toBe('pending');
  });

  it('the race: two holds of one venue-night at once, exactly one held, the other 409', async () => {
    for (let round = 0; round < 5; round++) {
      const { performer, venue } = await pair();
      const rival = await member(t, 'performer');
      const date = freshNight();
      const a = await requested(t, performer, venue.id, { date });
      const b = await requested(t, rival, venue.id, { date });
      const answers = await Promise.all(
        [a, b].map((r) => answerBooking(t, venue.cookie, r.id, 'accept')),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((r) => r.statusCode === 409);
      expect(lost?.json().error.message).toBe(B.nightTaken);
      const list = await send(t.app, 'GET', '/api/booking-requests', venue.cookie);
      const states = list.json().requests.map((r: { status: string }) => r.status);
      expect(states.sort()).toEqual(['held', 'pending']);
    }
  });

  it('holding a night a show was booked on meanwhile (409 nightTaken)', async () => {
    const { performer, venue } = await pair();
    const date = freshNight();
    const request = await requested(t, performer, venue.id, { date });
    const other = await member(t, 'performer');
    await announceConfirmed(t, other, venue, { startsAtLocal: `${date}T19:00` });
    refused(await answerBooking(t, venue.cookie, request.id, 'accept'), 409, B.nightTaken);
  });
});
