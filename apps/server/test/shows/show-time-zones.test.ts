import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBooking, CONFIRM, requested } from '../support/booking.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, announced, member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectFixMovesOneShowOnce, storedBeforeTheFix } from './support/time-zone-fix.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KNOXVILLE = { city: 'Knoxville', state: 'TN' as const, zipCode: '37902' };

/** A confirmed show by a new performer at a new venue in Knoxville, Tennessee. */
async function atKnoxville(overrides: Parameters<typeof showInput>[0] = {}) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue', KNOXVILLE);
  return announceConfirmed(t, performer, venue, overrides);
}

/** The show's start as its venue's clock reads it, and the zone, straight from the row. */
async function storedLocal(showId: string) {
  const { rows } = await t.database.orm.execute<{ local: string; zone: string; onSale: string }>(
    sql`select to_char(starts_at at time zone time_zone, 'YYYY-MM-DD"T"HH24:MI') as local,
          to_char(on_sale_at at time zone time_zone, 'YYYY-MM-DD"T"HH24:MI') as "onSale",
          time_zone as zone
        from shows where id = ${showId}`,
  );
  return rows[0];
}

describe('a show’s zone is its venue’s place’s', () => {
  it('a show at a Knoxville venue is at 20:00 Eastern, not Central', async () => {
    const show = await atKnoxville();
    expect(show.timeZone).toBe('America/New_York');
    // 20:00 EDT on 14 June is 00:00 UTC on the 15th (the state's Central zone made it 01:00).
    expect(show.startsAt).toBe(`${YEAR}-06-15T00:00:00.000Z`);
    expect(await storedLocal(show.id)).toMatchObject({ local: `${YEAR}-06-14T20:00` });
  });

  it('an external venue in El Paso is placed by its ZIP, in Mountain time', async () => {
    const performer = await member(t, 'performer');
    const externalVenue = {
      name: 'Lowbrow Palace',
      streetAddress: '111 E Robinson Ave',
      city: 'El Paso',
      state: 'TX' as const,
      zipCode: '79901',
    };
    const response = await send(
      t.app,
      'POST',
      '/api/shows',
      performer.cookie,
      showInput({ performerId: performer.id, externalVenue, startsAtLocal: `${YEAR}-11-20T20:00` }),
    );
    expect(response.statusCode).toBe(201);
    const { show } = response.json();
    expect(show.timeZone).toBe('America/Denver');
    expect(show.startsAt).toBe(`${YEAR}-11-21T03:00:00.000Z`); // MST, UTC-7
  });
});

describe('a booking request confirmed at a Knoxville venue', () => {
  it('becomes a show at the asked time on the venue’s clock, Eastern', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', KNOXVILLE);
    const request = await requested(t, performer, venue.id);
    expect((await answerBooking(t, venue.cookie, request.id, 'accept')).statusCode).toBe(200);
    const confirmed = await answerBooking(t, venue.cookie, request.id, 'confirm', CONFIRM);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const showId = confirmed.json().request.showId;
    expect(await storedLocal(showId)).toMatchObject({
      local: `${request.date}T20:30`,
      zone: 'America/New_York',
    });
  });
});

describe('the start-up fix of shows stored in their state’s zone', () => {
  it('moves each show to its place’s zone at the same wall-clock time, once', async () => {
    const knoxville = await atKnoxville({ onSaleAtLocal: `${YEAR}-03-20T10:00` });
    const chicago = (await announced(t)).show;
    // As a show announced before the fix was stored: 20:00 in Tennessee's zone, Central.
    await storedBeforeTheFix(t, knoxville.id, 'America/Chicago');
    const before = await storedLocal(chicago.id);

    await expectFixMovesOneShowOnce(t);

    expect(await storedLocal(knoxville.id)).toEqual({
      zone: 'America/New_York',
      local: `${YEAR}-06-14T20:00`,
      onSale: `${YEAR}-03-20T10:00`,
    });
    const page = await send(t.app, 'GET', `/api/shows/${knoxville.id}`, undefined);
    expect(page.json().show.startsAt).toBe(`${YEAR}-06-15T00:00:00.000Z`);
    expect(await storedLocal(chicago.id)).toEqual(before); // already right: untouched
  });
});
