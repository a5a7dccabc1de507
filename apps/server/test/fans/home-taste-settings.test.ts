import type { TFanProfile } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { fanProfile } from '../../src/db/schema/index.ts';
import { deliveries, eventOf, fan } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_YORK = { city: 'New York', state: 'NY', zipCode: '10001' };
const CHICAGO = { city: 'Chicago', state: 'IL', zipCode: '60601' };
/** About 80 mi north of Chicago's Lincoln Park (60614). */
const MILWAUKEE = { city: 'Milwaukee', state: 'WI', zipCode: '53202' };
type Place = typeof NEW_YORK;
const NEW_YORK_HOME = { homeCity: 'New York', zipCode: '10001' };
const LINCOLN_PARK_HOME = { homeCity: 'Chicago', zipCode: '60614' };

/** Settings › Profile saves through PATCH /api/profile/fan, as the tab sends it. */
async function patchProfile(cookie: string, body: unknown) {
  return send(t.app, 'PATCH', '/api/profile/fan', cookie, body);
}
async function saved(cookie: string, body: unknown): Promise<TFanProfile> {
  const response = await patchProfile(cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ profile: TFanProfile }>().profile;
}

/** A show of the genre at a new Encore venue in the place, announced and matched; its alerts. */
async function announceIn(place: Place, genre: 'Rock' | 'Jazz') {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { ...place, venueName: `The Lantern ${place.city}` });
  const show = await announceConfirmed(t, performer, venue, { genre });
  const eventId = await eventOf(t, show.id, 'announced');
  await matchEvent(t.database.orm, eventId);
  return deliveries(t, eventId);
}
const reasonsFor = (rows: Awaited<ReturnType<typeof announceIn>>, fanId: string) => [
  ...new Set(rows.filter((r) => r.fan_id === fanId).map((r) => r.reason)),
];

describe('Settings › Profile: moving home', () => {
  it('a new ZIP moves the home (city, state, coordinates from the ZIP) and the next match uses it', async () => {
    const me = await fan(t, { ...NEW_YORK_HOME, preferredRadius: 25, favoriteGenres: ['Rock'] });
    const before = await announceIn(CHICAGO, 'Rock');
    expect(reasonsFor(before, me.id)).toEqual([]);

    const profile = await saved(me.cookie, { zipCode: '60614' });
    expect(profile).toMatchObject({ zipCode: '60614', homeCity: 'Chicago', homeState: 'IL' });
    const [row] = await t.database.orm
      .select({ latitude: fanProfile.latitude, longitude: fanProfile.longitude })
      .from(fanProfile)
      .where(eq(fanProfile.userId, me.id));
    const zip = zipcodes.lookup('60614');
    expect(row).toEqual({ latitude: zip?.latitude, longitude: zip?.longitude });

    // Near the new home only: alerted, and the reason names the new home.
    const nearNew = await announceIn(CHICAGO, 'Rock');
    expect(reasonsFor(nearNew, me.id)).toEqual([
      'Rock show 3 mi from Chicago, IL — within your 25 mi radius',
    ]);
    // Near the old home only: nothing any more.
    const nearOld = await announceIn(NEW_YORK, 'Rock');
    expect(reasonsFor(nearOld, me.id)).toEqual([]);
  });

  it('the city is not a free field: it always comes from the ZIP', async () => {
    const me = await fan(t, NEW_YORK_HOME);
    const refused = await patchProfile(me.cookie, { homeCity: 'Springfield' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('homeCity');
    const profile = await saved(me.cookie, { zipCode: '11201', tagName: 'Mover' });
    expect(profile).toMatchObject({ homeCity: 'Brooklyn', homeState: 'NY', zipCode: '11201' });
  });

  it('a bad ZIP is a 400 under zipCode and changes nothing', async () => {
    const me = await fan(t, NEW_YORK_HOME);
    const unknown = await patchProfile(me.cookie, { zipCode: '00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { zipCode: 'We could not find this ZIP code' },
    });
    const malformed = await patchProfile(me.cookie, { zipCode: '6061' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ zipCode: 'ZIP code must be 5 digits' });
    const still = (await send(t.app, 'GET', '/api/profile/fan', me.cookie)).json().profile;
    expect(still).toMatchObject({ zipCode: '10001', homeCity: 'New York', homeState: 'NY' });
  });
});

describe('Settings › Profile: radius and genres', () => {
  it('a wider radius reaches a show it did not before', async () => {
    const me = await fan(t, {
      ...LINCOLN_PARK_HOME,
      preferredRadius: 25,
      favoriteGenres: ['Rock'],
    });
    expect(reasonsFor(await announceIn(MILWAUKEE, 'Rock'), me.id)).toEqual([]);
    expect(await saved(me.cookie, { preferredRadius: 100 })).toMatchObject({
      preferredRadius: 100,
    });
    expect(reasonsFor(await announceIn(MILWAUKEE, 'Rock'), me.id)).toEqual([
      'Rock show 79 mi from Chicago, IL — within your 100 mi radius',
    ]);
  });

  it('an added genre reaches a show of that genre', async () => {
    const me = await fan(t, {
      ...LINCOLN_PARK_HOME,
      preferredRadius: 25,
      favoriteGenres: ['Rock'],
    });
    expect(reasonsFor(await announceIn(CHICAGO, 'Jazz'), me.id)).toEqual([]);
    await saved(me.cookie, { favoriteGenres: ['Rock', 'Jazz'] });
    expect(reasonsFor(await announceIn(CHICAGO, 'Jazz'), me.id)).toEqual([
      'Jazz show 3 mi from Chicago, IL — within your 25 mi radius',
    ]);
  });

  it('refuses a radius off the 10–100 step-5 scale and an empty genre list with the seed’s messages', async () => {
    const me = await fan(t, NEW_YORK_HOME);
    for (const radius of [5, 33, 105]) {
      const response = await patchProfile(me.cookie, { preferredRadius: radius });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        preferredRadius: 'Radius must be between 10 and 100 miles',
      });
    }
    const none = await patchProfile(me.cookie, { favoriteGenres: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({
      favoriteGenres: 'Please select at least one favorite genre',
    });
  });
});
