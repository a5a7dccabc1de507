import {
  FAN_PAGE_MESSAGES,
  LOCATION_MESSAGES,
  type TAlertFeed,
  type TFanLocationState,
  type TFanProfile,
  type TLocateResult,
} from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { fanLocations, fanProfile } from '../../src/db/schema/index.ts';
import { deliveries, eventOf, fan } from '../support/alerts.ts';
import { createUser } from '../support/factories.ts';
import { PLACES, performer, showIn } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WILLIAMSBURG = { latitude: 40.7081, longitude: -73.9571 };
const LOOP = { latitude: 41.8781, longitude: -87.6298 };
const LONDON = { latitude: 51.5072, longitude: -0.1276 };

async function call(cookie: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) {
  const write = method !== 'GET';
  return send(t.app, method, `/api/fan/location${path}`, cookie, write ? (body ?? {}) : undefined);
}
async function ok(cookie: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) {
  const response = await call(cookie, method, path, body);
  expect(response.statusCode, response.body).toBe(200);
  const { resolved, ...state } = response.json<TFanLocationState & { resolved?: boolean }>();
  // Only PUT says whether its position was near a US city.
  expect(resolved === undefined).toBe(method !== 'PUT');
  return state as TFanLocationState;
}
const put = async (cookie: string, position: unknown) => {
  const response = await call(cookie, 'PUT', '', position);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TLocateResult>();
};
const profileOf = async (cookie: string) =>
  (await send(t.app, 'GET', '/api/profile/fan', cookie, undefined)).json<{ profile: TFanProfile }>()
    .profile;

describe('PUT /api/fan/location', () => {
  it('resolves the position to the nearest ZIP and stores it, without touching the home', async () => {
    const me = await fan(t, { homeCity: 'Los Angeles', zipCode: '90012' });
    const before = Date.now();
    const state = await ok(me.cookie, 'PUT', '', WILLIAMSBURG);
    expect(state.location).toMatchObject({
      ...WILLIAMSBURG,
      city: 'Brooklyn',
      state: 'NY',
      zipCode: '11211',
      source: 'device',
    });
    expect(Date.parse(state.location?.locatedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(state.home).toEqual({ city: 'Los Angeles', state: 'CA', zipCode: '90012' });
    expect(state.isHome).toBe(false);
    expect(await ok(me.cookie, 'GET', '')).toEqual(state);
    expect((await profileOf(me.cookie)).zipCode).toBe('90012');

    // A later position replaces the stored one.
    const moved = await ok(me.cookie, 'PUT', '', LOOP);
    expect(moved.location).toMatchObject({ city: 'Chicago', state: 'IL', zipCode: '60603' });
  });

  it('says isHome when the position lies in the home ZIP', async () => {
    const me = await fan(t, { homeCity: 'Brooklyn', zipCode: '11211' });
    expect((await ok(me.cookie, 'PUT', '', WILLIAMSBURG)).isHome).toBe(true);
  });

  it('refuses coordinates out of range, or not numbers, with field errors and stores nothing', async () => {
    const me = await fan(t);
    const cases: [unknown, Record<string, string>][] = [
      [{ latitude: 90.5, longitude: 0 }, { latitude: LOCATION_MESSAGES.latitude }],
      [{ latitude: -91, longitude: 0 }, { latitude: LOCATION_MESSAGES.latitude }],
      [{ latitude: 0, longitude: 180.01 }, { longitude: LOCATION_MESSAGES.longitude }],
      [{ latitude: 0, longitude: -181 }, { longitude: LOCATION_MESSAGES.longitude }],
      [
        { latitude: '40.7', longitude: null },
        { latitude: LOCATION_MESSAGES.latitude, longitude: LOCATION_MESSAGES.longitude },
      ],
      [{ latitude: 40.7 }, { longitude: LOCATION_MESSAGES.longitude }],
      [{ ...WILLIAMSBURG, city: 'Paris' }, { city: 'Unknown field' }],
    ];
    for (const [body, fields] of cases) {
      const response = await call(me.cookie, 'PUT', '', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    expect((await ok(me.cookie, 'GET', '')).location).toBeNull();
  });

  it('a position with no US city within reach (London) is stored as the New York fallback', async () => {
    const me = await fan(t, { homeCity: 'Chicago', zipCode: '60601' });
    const result = await put(me.cookie, LONDON);
    expect(result.resolved).toBe(false);
    expect(result.location).toMatchObject({ city: 'New York', state: 'NY', source: 'fallback' });
    expect((await profileOf(me.cookie)).zipCode).toBe('60601');
    expect((await put(me.cookie, WILLIAMSBURG)).resolved).toBe(true);
    // Abroad later: the real position from before is kept, and the answer says it was not resolved.
    const abroad = await put(me.cookie, LONDON);
    expect(abroad).toMatchObject({
      resolved: false,
      location: { zipCode: '11211', source: 'device' },
    });
  });
});

describe('POST /api/fan/location/fallback', () => {
  it('stores New York and keeps the home the fan set', async () => {
    const me = await fan(t, { homeCity: 'Chicago', zipCode: '60601' });
    const state = await ok(me.cookie, 'POST', '/fallback');
    expect(state.location).toMatchObject({
      latitude: 40.7128,
      longitude: -74.006,
      city: 'New York',
      state: 'NY',
      zipCode: '10007',
      source: 'fallback',
    });
    expect(state.home).toEqual({ city: 'Chicago', state: 'IL', zipCode: '60601' });
    const profile = await profileOf(me.cookie);
    expect([profile.homeCity, profile.zipCode]).toEqual(['Chicago', '60601']);
    // The fallback is never offered as the home.
    const refused = await call(me.cookie, 'POST', '/home');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      message: LOCATION_MESSAGES.noDevicePosition,
    });
    expect((await profileOf(me.cookie)).zipCode).toBe('60601');
  });

  it('does not replace a real position stored earlier', async () => {
    const me = await fan(t);
    await ok(me.cookie, 'PUT', '', WILLIAMSBURG);
    const state = await ok(me.cookie, 'POST', '/fallback');
    expect(state.location).toMatchObject({ zipCode: '11211', source: 'device' });
  });

  it('works for a fan who has not set up a profile yet (no home to keep)', async () => {
    const bare = await createUser(t.app, { role: 'fan' });
    const state = await ok(bare.cookie, 'POST', '/fallback');
    expect(state).toMatchObject({ location: { city: 'New York' }, home: null, isHome: false });
  });
});

describe('POST /api/fan/location/home', () => {
  it('makes the position the home: profile, coordinates, alert matching and Your Alerts follow', async () => {
    const me = await fan(t, {
      homeCity: 'Los Angeles',
      zipCode: '90012',
      preferredRadius: 25,
      favoriteGenres: ['Jazz'],
    });
    const band = await performer(t, 'Brooklyn Quartet');
    const before = await showIn(t, band, PLACES.brooklyn, { genre: 'Jazz' });
    const beforeEvent = await eventOf(t, before.id, 'announced');
    await matchEvent(t.database.orm, beforeEvent);
    expect((await deliveries(t, beforeEvent)).some((d) => d.fan_id === me.id)).toBe(false);

    await ok(me.cookie, 'PUT', '', WILLIAMSBURG);
    const state = await ok(me.cookie, 'POST', '/home');
    expect(state.home).toEqual({ city: 'Brooklyn', state: 'NY', zipCode: '11211' });
    expect(state.isHome).toBe(true);
    const profile = await profileOf(me.cookie);
    expect([profile.homeCity, profile.zipCode]).toEqual(['Brooklyn', '11211']);
    // The home is placed as any profile ZIP is: on the ZIP's centre.
    const [row] = await t.database.orm
      .select({ latitude: fanProfile.latitude, longitude: fanProfile.longitude })
      .from(fanProfile)
      .where(eq(fanProfile.userId, me.id));
    const zip = zipcodes.lookup('11211');
    expect(row).toEqual({ latitude: zip?.latitude, longitude: zip?.longitude });

    // Its second show there, a day later (the same show again would be refused as a duplicate).
    const after = await showIn(t, band, PLACES.brooklyn, {
      genre: 'Jazz',
      startsAtLocal: laterStart(1),
    });
    const afterEvent = await eventOf(t, after.id, 'announced');
    await matchEvent(t.database.orm, afterEvent);
    const mine = (await deliveries(t, afterEvent)).filter((d) => d.fan_id === me.id);
    expect(mine[0]?.reason).toMatch(
      /^Jazz show (\d+|under 1) mi from Brooklyn, NY — within your 25 mi radius$/,
    );

    const feed = (await send(t.app, 'GET', '/api/fan/alerts', me.cookie)).json<TAlertFeed>();
    expect(feed.items.map((item) => item.show.id)).toEqual(
      expect.arrayContaining([before.id, after.id]),
    );
  });

  it('goes through the profile’s validation (a stored place the profile would refuse is a 400)', async () => {
    const me = await fan(t, { homeCity: 'Chicago', zipCode: '60601' });
    // The home takes only the ZIP (its city comes from the ZIP, as in settings).
    await t.database.orm.insert(fanLocations).values({
      userId: me.id,
      ...WILLIAMSBURG,
      city: 'B',
      state: 'NY',
      zipCode: '00000',
      source: 'device',
    });
    const unknownZip = await call(me.cookie, 'POST', '/home');
    expect(unknownZip.statusCode).toBe(400);
    expect(unknownZip.json().error.fields).toEqual({ zipCode: 'We could not find this ZIP code' });
    expect((await profileOf(me.cookie)).zipCode).toBe('60601');
  });

  it('409 with nothing stored, and 409 PROFILE_REQUIRED before setup', async () => {
    const me = await fan(t);
    expect((await call(me.cookie, 'POST', '/home')).statusCode).toBe(409);
    const bare = await createUser(t.app, { role: 'fan' });
    await ok(bare.cookie, 'PUT', '', WILLIAMSBURG);
    const refused = await call(bare.cookie, 'POST', '/home');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PROFILE_REQUIRED');
  });
});

const ROUTES = [
  ['GET', '/api/fan/location'],
  ['PUT', '/api/fan/location'],
  ['POST', '/api/fan/location/fallback'],
  ['POST', '/api/fan/location/skip'],
  ['POST', '/api/fan/location/home'],
  ['GET', '/api/fan/finish-setup'],
  ['POST', '/api/fan/finish-setup/dismiss'],
] as const;

describe('authorisation and documentation', () => {
  it('401 signed out, 403 for performers and venues, never cached', async () => {
    const booker = [await member(t, 'performer'), await member(t, 'venue')];
    for (const [method, url] of ROUTES) {
      const body = method === 'GET' ? undefined : method === 'PUT' ? WILLIAMSBURG : {};
      const anonymous = await send(t.app, method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const other of booker) {
        const refused = await send(t.app, method, url, other.cookie, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json().error.message).toBe(FAN_PAGE_MESSAGES.fansOnly);
        expect(refused.headers['cache-control']).toBe('no-store');
      }
    }
    const [performerRow] = await t.database.orm
      .select()
      .from(fanLocations)
      .where(eq(fanLocations.userId, booker[0]?.id ?? ''));
    expect(performerRow).toBeUndefined();
  });

  it('every route is in the OpenAPI document', async () => {
    const doc = (await send(t.app, 'GET', '/api/openapi.json', undefined)).json();
    for (const [method, url] of ROUTES) {
      expect(doc.paths[url], url).toHaveProperty(method.toLowerCase());
    }
  });

  it('the data export carries the stored location', async () => {
    const me = await fan(t);
    await ok(me.cookie, 'PUT', '', WILLIAMSBURG);
    const exported = (await send(t.app, 'GET', '/api/account/export', me.cookie)).json();
    expect(exported.fanLocation).toMatchObject({ zipCode: '11211', source: 'device' });
    expect(exported.finishSetup).toMatchObject({ userId: me.id });
  });
});
