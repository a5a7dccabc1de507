import type { TBookingRequest, TNotification, TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNight } from '../../src/texts/booking-request-text.ts';
import { answerBooking, CONFIRM, requestBooking, requested } from '../support/booking.ts';
import { unique } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Booking request notices in the notification centre: each change to a request gives the other
 * side exactly its notice, in the change's transaction; the centre's cache (here and in a second
 * process on the same database) shows it on the next read.
 */
let t: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  ({ app: b, close: closeB } = await startSecondProcess(t));
});
afterAll(async () => {
  await closeB?.();
  await t?.close();
});

type Party = { id: string; cookie: string };

async function parties() {
  const id = unique();
  const performerName = `Night Static ${id}`;
  const venueName = `The Lantern ${id}`;
  const performer = await member(t, 'performer', { artistName: performerName });
  const venue = await member(t, 'venue', { venueName, city: 'Chicago', state: 'IL' });
  return { performer, venue, performerName, venueName };
}

async function centre(who: Party, app = t.app, query = ''): Promise<TNotificationPage> {
  const response = await send(app, 'GET', `/api/notifications${query}`, who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Read twice: the second answer comes from the cache. */
async function cached(who: Party, app = t.app) {
  await centre(who, app);
  return centre(who, app);
}

/** Every notice of a request, oldest first, as the table holds them. */
async function noticesOf(requestId: string) {
  const { rows } = await t.database.orm.execute<{ user_id: string; kind: string }>(sql`
    select user_id, kind from booking_notices where request_id = ${requestId} order by id`);
  return rows.map((r) => [r.user_id, r.kind]);
}

async function ok(response: Awaited<ReturnType<typeof answerBooking>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ request: TBookingRequest }>().request;
}

describe('booking notices: each change, its notice, to the other side', () => {
  it('send → the venue; hold and decline (note shortened) → the performer', async () => {
    const { performer, venue, performerName, venueName } = await parties();
    const request = await requested(t, performer, venue.id);
    const night = bookingNight(request.date);

    const asked = await centre(venue);
    expect(asked.unread).toBe(1);
    expect(asked.items).toEqual([
      expect.objectContaining({
        kind: 'booking_requested',
        title: `${performerName} asked to play ${night}`,
        reason: `${performerName} sent ${venueName} a booking request`,
        showId: null,
        fan: null,
        invite: null,
        readAt: null,
      }),
    ]);
    expect((await centre(performer)).items).toEqual([]);

    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    const held = await centre(performer);
    expect(held.items.map((n) => n.title)).toEqual([`${venueName} is holding ${night} for you`]);
    expect(held.items[0]).toMatchObject({ kind: 'booking_held', showId: null });
    expect(held.items[0]?.body).toContain('Chicago, IL');

    const note = `We had to give that night to a festival, sorry. ${'Truly a long story. '.repeat(10)}`;
    await ok(await answerBooking(t, venue.cookie, request.id, 'decline', { note }));
    const [declined] = (await centre(performer)).items;
    expect(declined).toMatchObject({
      kind: 'booking_declined',
      title: `${venueName} declined ${night}`,
    });
    expect(declined?.body).toMatch(
      /^Their note: “We had to give that night to a festival, sorry\./,
    );
    expect(declined?.body).toMatch(/…”$/);
    expect(declined?.body.length).toBeLessThan(150);

    // The venue's own answers never land in its centre; only the request did.
    expect((await centre(venue)).items.map((n) => n.kind)).toEqual(['booking_requested']);
    expect(await noticesOf(request.id)).toEqual([
      [venue.id, 'booking_requested'],
      [performer.id, 'booking_held'],
      [performer.id, 'booking_declined'],
    ]);
  });

  it('a decline without a note names the place; withdrawing tells the venue', async () => {
    const { performer, venue, performerName } = await parties();
    const a = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, a.id, 'decline', {}));
    expect((await centre(performer)).items[0]?.body).toMatch(/, Chicago, IL$/);

    const c = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, c.id, 'accept'));
    await ok(await answerBooking(t, performer.cookie, c.id, 'withdraw'));
    const [withdrawn] = (await centre(venue)).items;
    expect(withdrawn).toMatchObject({
      kind: 'booking_withdrawn',
      title: `${performerName} withdrew the request for ${bookingNight(c.date)}`,
      showId: null,
    });
    expect(await noticesOf(c.id)).toEqual([
      [venue.id, 'booking_requested'],
      [performer.id, 'booking_held'],
      [venue.id, 'booking_withdrawn'],
    ]);
  });

  it('confirm → the performer, leading to the new show', async () => {
    const { performer, venue, venueName } = await parties();
    const request = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    const confirmed = await ok(
      await answerBooking(t, venue.cookie, request.id, 'confirm', CONFIRM),
    );
    const [notice] = (await centre(performer)).items;
    expect(notice).toMatchObject({
      kind: 'booking_confirmed',
      title: `${venueName} confirmed ${bookingNight(request.date)}`,
      showId: confirmed.showId,
    });
    expect(confirmed.showId).toEqual(expect.any(String));
    expect((await noticesOf(request.id)).map(([, kind]) => kind)).toEqual([
      'booking_requested',
      'booking_held',
      'booking_confirmed',
    ]);
  });

  it('names public only: no email or phone of either side in any notice', async () => {
    const { performer, venue } = await parties();
    const request = await requested(t, performer, venue.id);
    await ok(
      await answerBooking(t, venue.cookie, request.id, 'decline', { note: 'Not this time' }),
    );
    const { rows } = await t.database.orm.execute<{ email: string }>(
      sql`select email from "user" where id in (${performer.id}, ${venue.id})`,
    );
    const seen = JSON.stringify([await centre(performer), await centre(venue)]);
    for (const { email } of rows) expect(seen).not.toContain(email);
    for (const contact of ['echoes.example.com', 'blueroom.example.com', '555-01']) {
      expect(seen).not.toContain(contact);
    }
  });
});

describe('no notice for a change that did not happen', () => {
  it('refused answers (409, 403, 404) and a refused send leave the notices as they were', async () => {
    const { performer, venue } = await parties();
    const stranger = await member(t, 'performer');
    const request = await requested(t, performer, venue.id);
    const before = await noticesOf(request.id);

    // Confirming a pending request (409 notHeld), the performer answering (403), a stranger
    // withdrawing (404), asking again for the same night (409 alreadyRequested).
    expect((await answerBooking(t, venue.cookie, request.id, 'confirm', CONFIRM)).statusCode).toBe(
      409,
    );
    expect((await answerBooking(t, performer.cookie, request.id, 'accept')).statusCode).toBe(403);
    expect((await answerBooking(t, stranger.cookie, request.id, 'withdraw')).statusCode).toBe(404);
    const again = await requestBooking(t, performer, venue.id, { date: request.date });
    expect(again.statusCode).toBe(409);

    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    // Holding twice, or declining after a withdrawal: 409 notOpen.
    expect((await answerBooking(t, venue.cookie, request.id, 'accept')).statusCode).toBe(409);
    await ok(await answerBooking(t, performer.cookie, request.id, 'withdraw'));
    expect((await answerBooking(t, venue.cookie, request.id, 'decline', {})).statusCode).toBe(409);

    expect(await noticesOf(request.id)).toEqual([
      ...before,
      [performer.id, 'booking_held'],
      [venue.id, 'booking_withdrawn'],
    ]);
    expect((await centre(venue)).unread).toBe(2);
    expect((await centre(performer)).unread).toBe(1);
  });

  it('a confirmation refused inside its transaction (performer busy that day) writes none', async () => {
    const { performer, venue } = await parties();
    const request = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    // Since the hold, the performer put on a show that day elsewhere.
    const elsewhere = await member(t, 'venue');
    await announceConfirmed(t, performer, elsewhere, { startsAtLocal: `${request.date}T19:00` });
    const unread = (await centre(performer)).unread;

    const refused = await answerBooking(t, venue.cookie, request.id, 'confirm', CONFIRM);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await noticesOf(request.id)).map(([, kind]) => kind)).toEqual([
      'booking_requested',
      'booking_held',
    ]);
    expect((await centre(performer)).unread).toBe(unread);
  });
});

describe('booking notices in the centre', () => {
  it('share the other notices’ id order, cursor and read mark', async () => {
    const { performer, venue } = await parties();
    // A show notice (the venue is asked to confirm a show) between two booking notices.
    const first = await requested(t, performer, venue.id);
    const other = await member(t, 'performer');
    const pending = await send(t.app, 'POST', '/api/shows', other.cookie, {
      performerId: other.id,
      venueId: venue.id,
      externalVenue: null,
      startsAtLocal: `${first.date}T21:00`,
      ticketUrl: null,
      priceMin: null,
      priceMax: null,
      onSaleAtLocal: null,
      supportingActs: [],
      genre: null,
      confirmSameDay: true,
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const second = await requested(t, performer, venue.id);

    const all = await centre(venue);
    expect(all.items.map((n) => n.kind)).toEqual([
      'booking_requested',
      'confirmation_requested',
      'booking_requested',
    ]);
    expect(all.unread).toBe(3);
    const ids = all.items.map((n) => Number(n.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    // One per page, by the one cursor.
    const paged: TNotification[] = [];
    let cursor: string | null = null;
    do {
      const page: TNotificationPage = await centre(
        venue,
        t.app,
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged.map((n) => n.id)).toEqual(all.items.map((n) => n.id));
    expect(second.id).not.toBe(first.id);

    // Read marks: the performer cannot mark the venue's notice; the venue can.
    const newest = all.items[0]?.id ?? '';
    const theirs = await send(t.app, 'POST', '/api/notifications/read', performer.cookie, {
      ids: [newest],
    });
    expect(theirs.statusCode).toBe(200);
    expect((await centre(venue)).unread).toBe(3);
    const mine = await send(t.app, 'POST', '/api/notifications/read', venue.cookie, {
      ids: [newest],
    });
    expect(mine.json()).toEqual({ unread: 2 });
    const after = await centre(venue);
    expect(after.items[0]?.readAt).not.toBeNull();
    expect(after.items[1]?.readAt).toBeNull();
    await send(t.app, 'POST', '/api/notifications/read', venue.cookie, { all: true });
    expect((await centre(venue)).unread).toBe(0);
  });

  it('the cached centre shows each notice on the next read, here and in a second process', async () => {
    const { performer, venue } = await parties();
    expect((await cached(venue)).items).toEqual([]);
    expect((await cached(venue, b)).items).toEqual([]);
    expect((await cached(performer, b)).items).toEqual([]);

    const request = await requested(t, performer, venue.id);
    expect((await centre(venue)).unread).toBe(1);
    expect((await centre(venue, b)).items.map((n) => n.kind)).toEqual(['booking_requested']);

    // An answer through the second process, seen by the first.
    expect((await cached(performer)).items).toEqual([]);
    const held = await answerBooking({ ...t, app: b }, venue.cookie, request.id, 'accept');
    expect(held.statusCode, held.body).toBe(200);
    expect((await centre(performer)).items.map((n) => n.kind)).toEqual(['booking_held']);

    // A read mark in one process, on the next read in the other.
    expect((await cached(venue, b)).unread).toBe(1);
    await send(t.app, 'POST', '/api/notifications/read', venue.cookie, { all: true });
    expect((await centre(venue, b)).unread).toBe(0);
  });

  it('a deleted request takes its notices along (and off the cached centre)', async () => {
    const { performer, venue } = await parties();
    const request = await requested(t, performer, venue.id);
    await ok(await answerBooking(t, venue.cookie, request.id, 'accept'));
    expect((await cached(venue, b)).unread).toBe(1);
    expect((await cached(performer, b)).unread).toBe(1);
    await t.database.pool.query('delete from booking_requests where id = $1', [request.id]);
    expect(await noticesOf(request.id)).toEqual([]);
    expect(await centre(venue, b)).toMatchObject({ items: [], unread: 0 });
    expect(await centre(performer, b)).toMatchObject({ items: [], unread: 0 });
  });
});
