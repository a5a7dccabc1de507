import { FAN_PLACES_MAX, FAN_PLACE_MESSAGES as M, type TFanPlaces } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fan } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * /api/fan/places: a fan keeps up to FAN_PLACES_MAX places besides home, each a ZIP or a city with
 * its own radius and optional trip dates. Bad input is a field message and changes nothing; only
 * the fan sees or changes their places.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AUSTIN_TRIP = {
  near: 'Austin, TX',
  radius: 25,
  tripStart: `${YEAR}-03-10`,
  tripEnd: `${YEAR}-03-17`,
};

async function placesOf(cookie: string): Promise<TFanPlaces['places']> {
  const answer = await send(t.app, 'GET', '/api/fan/places', cookie);
  expect(answer.statusCode).toBe(200);
  return (answer.json() as TFanPlaces).places;
}

async function add(cookie: string, body: Record<string, unknown>) {
  return send(t.app, 'POST', '/api/fan/places', cookie, body);
}

describe('a fan keeping places', () => {
  it('starts with none, adds a city trip and a ZIP, and lists them in order', async () => {
    const someone = await fan(t);
    expect(await placesOf(someone.cookie)).toEqual([]);
    expect((await add(someone.cookie, AUSTIN_TRIP)).statusCode).toBe(200);
    const answer = await add(someone.cookie, { near: '02118', radius: 50 });
    expect(answer.statusCode).toBe(200);
    const places = (answer.json() as TFanPlaces).places;
    expect(places.map(({ id: _, ...p }) => p)).toEqual([
      {
        label: 'Austin, TX',
        city: 'Austin',
        state: 'TX',
        zipCode: null,
        radius: 25,
        tripStart: `${YEAR}-03-10`,
        tripEnd: `${YEAR}-03-17`,
      },
      {
        label: 'Boston, MA 02118',
        city: 'Boston',
        state: 'MA',
        zipCode: '02118',
        radius: 50,
        tripStart: null,
        tripEnd: null,
      },
    ]);
    expect(await placesOf(someone.cookie)).toEqual(places);
  });

  it('edits and removes a place', async () => {
    const someone = await fan(t);
    await add(someone.cookie, AUSTIN_TRIP);
    const [place] = await placesOf(someone.cookie);
    const id = place?.id as string;
    const edited = await send(t.app, 'PUT', `/api/fan/places/${id}`, someone.cookie, {
      near: '78701',
      radius: 10,
      tripStart: null,
      tripEnd: null,
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as TFanPlaces).places).toMatchObject([
      { id, zipCode: '78701', radius: 10, tripStart: null, tripEnd: null },
    ]);
    const removed = await send(t.app, 'DELETE', `/api/fan/places/${id}`, someone.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await placesOf(someone.cookie)).toEqual([]);
  });

  it(`refuses a place past ${FAN_PLACES_MAX}, and keeps the ${FAN_PLACES_MAX}`, async () => {
    const someone = await fan(t);
    const zips = ['02118', '10001', '60601', '80202', '94103'];
    // At once: the fan's row lock makes the adds take turns, so the limit holds under a race.
    const answers = await Promise.all(
      [...zips, '78701'].map((near) => add(someone.cookie, { near, radius: 25 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ error: { code: 'CONFLICT', message: M.tooMany } });
    expect(await placesOf(someone.cookie)).toHaveLength(FAN_PLACES_MAX);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['an unknown city', { near: 'Nowhereville, ZZ', radius: 25 }, 'near', M.nearUnknown],
    ['an unknown ZIP', { near: '00000', radius: 25 }, 'near', M.nearUnknown],
    ['a blank place', { near: '  ', radius: 25 }, 'near', M.nearRequired],
    ['a radius off the slider', { near: '78701', radius: 27 }, 'radius', M.radius],
    ['a radius past 100', { near: '78701', radius: 150 }, 'radius', M.radius],
    [
      'an end before the start',
      { ...AUSTIN_TRIP, tripStart: `${YEAR}-03-17`, tripEnd: `${YEAR}-03-10` },
      'tripEnd',
      M.tripOrder,
    ],
    ['one date only', { ...AUSTIN_TRIP, tripEnd: null }, 'tripEnd', M.tripBoth],
    ['a day that is not', { ...AUSTIN_TRIP, tripEnd: `${YEAR}-02-30` }, 'tripEnd', M.tripDate],
    [
      'a trip in the past',
      { ...AUSTIN_TRIP, tripStart: '2020-03-10', tripEnd: '2020-03-17' },
      'tripEnd',
      M.tripPast,
    ],
  ];
  it.each(cases)('%s is a field message and saves nothing', async (_, body, field, message) => {
    const someone = await fan(t);
    const answer = await add(someone.cookie, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields[field]).toBe(message);
    expect(await placesOf(someone.cookie)).toEqual([]);
  });
});

describe('access', () => {
  it('answers 404 to another fan and changes nothing', async () => {
    const owner = await fan(t);
    const other = await fan(t);
    await add(owner.cookie, AUSTIN_TRIP);
    const [place] = await placesOf(owner.cookie);
    const url = `/api/fan/places/${place?.id}`;
    const put = await send(t.app, 'PUT', url, other.cookie, { near: '02118', radius: 10 });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.message).toBe(M.notFound);
    expect((await send(t.app, 'DELETE', url, other.cookie)).statusCode).toBe(404);
    expect(await placesOf(other.cookie)).toEqual([]);
    expect(await placesOf(owner.cookie)).toEqual([place]);
  });

  it('is for signed-in fans only', async () => {
    const artist = await member(t, 'performer');
    const refused = await send(t.app, 'GET', '/api/fan/places', artist.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(M.fansOnly);
    expect((await send(t.app, 'GET', '/api/fan/places', undefined)).statusCode).toBe(401);
  });
});
