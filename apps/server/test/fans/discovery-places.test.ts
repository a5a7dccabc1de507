import { FAN_PLACE_MESSAGES, type TFanPlaces, type TRecommendations } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { PLACES, showIn } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Discovery's Recommended measured from one of the fan's other places (decision 049): that place's
 * point and radius, a trip's nearby shows only inside its days; another fan's place is not found.
 */
let t: TestApp;
let fan: { id: string; cookie: string };
let trip = '';
let la = '';

const recommended = async (query = '', cookie = fan.cookie) =>
  send(t.app, 'GET', `/api/discovery/recommended${query}`, cookie);

const keep = async (cookie: string, body: Record<string, unknown>) => {
  const answer = await send(t.app, 'POST', '/api/fan/places', cookie, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as TFanPlaces).places.at(-1)?.id as string;
};

// A Jazz fan in New York; one artist plays Los Angeles in March, another in April.
beforeAll(async () => {
  t = await createTestApp();
  fan = await member(t, 'fan', {
    homeCity: 'New York',
    zipCode: '10001',
    preferredRadius: 25,
    favoriteGenres: ['Jazz'],
  });
  const march = await member(t, 'performer', { artistName: 'March Swing', genres: ['Jazz'] });
  await showIn(t, march, PLACES.losAngeles, { startsAtLocal: `${YEAR}-03-12T20:00` });
  const april = await member(t, 'performer', { artistName: 'April Swing', genres: ['Jazz'] });
  await showIn(t, april, PLACES.losAngeles, { startsAtLocal: `${YEAR}-04-12T20:00` });
  la = await keep(fan.cookie, { near: '90012', radius: 25 });
  trip = await keep(fan.cookie, {
    near: 'Los Angeles, CA',
    radius: 25,
    tripStart: `${YEAR}-03-10`,
    tripEnd: `${YEAR}-03-17`,
  });
});
afterAll(() => t.close());

const nearNames = (answer: TRecommendations) =>
  answer.artists.filter((a) => a.nearby).map((a) => a.name);

describe('Recommended from a place', () => {
  it('measures from home by default: Los Angeles is elsewhere', async () => {
    const answer = (await recommended()).json<TRecommendations>();
    expect(answer.home).toMatchObject({ city: 'New York', placeId: null, trip: null });
    expect(nearNames(answer)).toEqual([]);
  });

  it('measures from the chosen place, with its radius', async () => {
    const answer = (await recommended(`?place=${la}`)).json<TRecommendations>();
    expect(answer.home).toMatchObject({
      city: 'Los Angeles, CA 90012',
      radiusMiles: 25,
      placeId: la,
    });
    expect(nearNames(answer)).toEqual(['March Swing', 'April Swing']);
  });

  it('counts a trip’s nearby shows inside its days only', async () => {
    const answer = (await recommended(`?place=${trip}`)).json<TRecommendations>();
    expect(answer.home).toMatchObject({ placeId: trip, trip: 'Mar 10–17' });
    expect(nearNames(answer)).toEqual(['March Swing']);
  });

  it('does not find another fan’s place', async () => {
    const other = await member(t, 'fan', { favoriteGenres: ['Jazz'] });
    const answer = await recommended(`?place=${la}`, other.cookie);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.message).toBe(FAN_PLACE_MESSAGES.notFound);
  });
});
