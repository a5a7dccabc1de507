import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOW_TIME_ZONES_FIX } from '../../src/db/show-time-zones.ts';
import { answerBooking, CONFIRM, requested } from '../support/booking.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectFixMovesOneShowOnce, storedBeforeTheFix } from './support/time-zone-fix.ts';

/**
 * Zone-line ZIPs the coarse lookup got wrong (decision 020's update of 2026-11-27): the ZIP table
 * puts shows there in geo-tz's zone, and the start-up fix (v2) moves those stored before it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WILLISTON = { city: 'Williston', state: 'ND' as const, zipCode: '58801' };
const IRON_RIVER = { city: 'Iron River', state: 'MI' as const, zipCode: '49935' };

async function atVenue(place: typeof WILLISTON | typeof IRON_RIVER, onSaleAtLocal?: string) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue', place);
  return announceConfirmed(t, performer, venue, onSaleAtLocal ? { onSaleAtLocal } : {});
}

/** The show's start and on-sale as its venue's clock reads them, and the zone, from the row. */
async function storedLocal(showId: string) {
  const { rows } = await t.database.orm.execute<{ local: string; zone: string; onSale: string }>(
    sql`select to_char(starts_at at time zone time_zone, 'YYYY-MM-DD"T"HH24:MI') as local,
          to_char(on_sale_at at time zone time_zone, 'YYYY-MM-DD"T"HH24:MI') as "onSale",
          time_zone as zone
        from shows where id = ${showId}`,
  );
  return rows[0];
}

describe('a show at a zone-line ZIP is in the zone the place keeps', () => {
  it('a Williston, ND venue is Central (the lookup said Mountain)', async () => {
    const show = await atVenue(WILLISTON);
    expect(show.timeZone).toBe('America/Chicago');
    expect(show.startsAt).toBe(`${YEAR}-06-15T01:00:00.000Z`); // 20:00 CDT, UTC-5
  });

  it('an external venue in Phenix City, AL is Eastern, by its ZIP', async () => {
    const performer = await member(t, 'performer');
    const externalVenue = {
      name: 'Riverside Hall',
      streetAddress: '1 Broad St',
      city: 'Phenix City',
      state: 'AL' as const,
      zipCode: '36869',
    };
    const response = await send(
      t.app,
      'POST',
      '/api/shows',
      performer.cookie,
      showInput({ performerId: performer.id, externalVenue }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { show } = response.json();
    expect(show.timeZone).toBe('America/New_York');
    expect(show.startsAt).toBe(`${YEAR}-06-15T00:00:00.000Z`); // 20:00 EDT, UTC-4
  });

  it('a booking request confirmed at an Iron River, MI venue is Central at the asked time', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', IRON_RIVER);
    const request = await requested(t, performer, venue.id);
    expect((await answerBooking(t, venue.cookie, request.id, 'accept')).statusCode).toBe(200);
    const confirmed = await answerBooking(t, venue.cookie, request.id, 'confirm', CONFIRM);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await storedLocal(confirmed.json().request.showId)).toMatchObject({
      local: `${request.date}T20:30`,
      zone: 'America/Menominee',
    });
  });
});

describe('the start-up fix, run again (v2) for shows stored before the ZIP table', () => {
  it('moves a Williston show to Central at the same wall-clock time, once, and records it', async () => {
    const williston = await atVenue(WILLISTON, `${YEAR}-03-20T10:00`);
    const ironRiver = await atVenue(IRON_RIVER);
    // As the coarse lookup stored it: 20:00 and 10:00 Mountain; v2 forgotten, as on a database
    // where only v1 had run.
    await storedBeforeTheFix(t, williston.id, 'America/Denver');
    const before = await storedLocal(ironRiver.id);

    await expectFixMovesOneShowOnce(t);

    const { rows } = await t.database.orm.execute(
      sql`select name from data_fixes where name = ${SHOW_TIME_ZONES_FIX}`,
    );
    expect(rows).toEqual([{ name: 'show-time-zones-from-place-v2' }]);
    expect(await storedLocal(williston.id)).toEqual({
      zone: 'America/Chicago',
      local: `${YEAR}-06-14T20:00`,
      onSale: `${YEAR}-03-20T10:00`,
    });
    const page = await send(t.app, 'GET', `/api/shows/${williston.id}`, undefined);
    expect(page.json().show.startsAt).toBe(`${YEAR}-06-15T01:00:00.000Z`);
    expect(await storedLocal(ironRiver.id)).toEqual(before); // already right: untouched
  });
});
