import { FAN_PAGE_MESSAGES, type TRecommendations, type TShow } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { cancel, DAY_MS, moveShow, PLACES, showIn, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { member, performerCast } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let fan: { id: string; cookie: string };
const a: Record<string, string> = {};
const s: Record<string, TShow> = {};

const artist = performerCast(() => t, a);

const recommended = async (cookie = fan.cookie) => {
  const response = await send(t.app, 'GET', '/api/discovery/recommended', cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<TRecommendations>();
};

// A Jazz fan in Midtown Manhattan (10001) with a 40-mile radius. Shows are Jazz unless said;
// dates are distinct so the order is known: near shows first whatever their date, then the rest.
beforeAll(async () => {
  t = await createTestApp();
  fan = await member(t, 'fan', {
    homeCity: 'New York',
    zipCode: '10001',
    preferredRadius: 40,
    favoriteGenres: ['Jazz'],
  });
  const near = await artist('near', 'Harbor Lights', ['Jazz']);
  s.near = await showIn(t, near, PLACES.jerseyCity, { startsAtLocal: `${YEAR}-03-10T20:00` });
  const both = await artist('both', 'Blue Cats', ['Rock', 'Jazz']);
  s.bothFar = await showIn(t, both, PLACES.losAngeles, { startsAtLocal: `${YEAR}-03-01T20:00` });
  s.bothNear = await showIn(t, both, PLACES.brooklyn, { startsAtLocal: `${YEAR}-03-20T20:00` });
  // A Rock show nearer and sooner than the Brooklyn one, which a Jazz fan is not shown.
  s.bothRock = await showIn(t, both, PLACES.manhattan, {
    genre: 'Rock',
    startsAtLocal: `${YEAR}-03-12T20:00`,
  });
  const far = await artist('far', 'Desert Swing', ['Jazz']);
  s.far = await showIn(t, far, PLACES.losAngeles, { startsAtLocal: `${YEAR}-02-15T20:00` });
  s.farLater = await showIn(t, far, PLACES.philadelphia, { startsAtLocal: `${YEAR}-04-15T20:00` });
  const rock = await artist('rock', 'Loud Rooms', ['Rock']);
  await showIn(t, rock, PLACES.brooklyn, { genre: 'Rock', startsAtLocal: `${YEAR}-03-05T20:00` });
  const resting = await artist('resting', 'Quiet Season', ['Jazz']);
  await cancel(t, resting.cookie, (await showIn(t, resting, PLACES.bronx)).id);
  const done = await showIn(t, resting, PLACES.bronx, { startsAtLocal: `${YEAR}-03-07T20:00` });
  await moveShow(t, done.id, new Date(Date.now() - DAY_MS));
  await artist('home', 'Stay Home Trio', ['Jazz']);
  await watch(t, fan.cookie, a.far ?? '');
});
afterAll(() => t.close());

describe('GET /api/discovery/recommended', () => {
  it('lists artists touring in the fan’s genres, playing within the radius first', async () => {
    const page = await recommended();
    expect(page.home).toEqual({
      city: 'New York',
      radiusMiles: 40,
      genres: ['Jazz'],
      placeId: null,
      trip: null,
    });
    expect(page.artists.map((x) => x.name)).toEqual(['Harbor Lights', 'Blue Cats', 'Desert Swing']);
    const [near, both, far] = page.artists;
    expect(near).toMatchObject({ id: a.near, nearby: true, distanceMiles: 3.2, onTour: true });
    expect(near?.show.id).toBe(s.near?.id);
    // Its Los Angeles show is sooner, but the Brooklyn one is what makes it a local pick.
    expect(both).toMatchObject({ id: a.both, nearby: true, genres: ['Rock', 'Jazz'] });
    expect(both?.show.id).toBe(s.bothNear?.id);
    expect(both?.show.venue.city).toBe('Brooklyn');
    // Nothing within 40 miles (Philadelphia is about 83): its next show anywhere.
    expect(far).toMatchObject({ id: a.far, nearby: false });
    expect(far?.show.id).toBe(s.far?.id);
    expect(far?.distanceMiles).toBeGreaterThan(2000);
  });

  it('leaves out shows of other genres, cancelled and past shows, artists not on tour', async () => {
    const ids = (await recommended()).artists.map((x) => x.id);
    for (const key of ['rock', 'resting', 'home']) expect(ids, key).not.toContain(a[key]);
  });

  it('marks the artists the fan already watches, with the alert’s channels', async () => {
    const page = await recommended();
    expect(page.artists.find((x) => x.id === a.far)?.alertChannels).toEqual(['email']);
    expect(page.artists.find((x) => x.id === a.near)?.alertChannels).toBeNull();
  });

  it('follows the fan’s genres and radius', async () => {
    const wide = await member(t, 'fan', {
      zipCode: '10001',
      preferredRadius: 100,
      favoriteGenres: ['Rock'],
    });
    const page = await recommended(wide.cookie);
    // Philadelphia is within 100 miles for Desert Swing, but that show is Jazz.
    expect(page.artists.map((x) => x.name)).toEqual(['Loud Rooms', 'Blue Cats']);
    expect(page.artists.every((x) => x.nearby)).toBe(true);
    expect(page.artists[1]?.show.id).toBe(s.bothRock?.id);
  });

  it('has no recommendations before the fan has a profile', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    expect(await recommended(cookie)).toEqual({ home: null, artists: [] });
  });
});

describe('/api/discovery/*', () => {
  const ROUTES = ['/api/discovery/recommended', '/api/discovery/artists?q=blue'];

  it('401 signed out, 403 for performers and venues', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    for (const url of ROUTES) {
      expect((await send(t.app, 'GET', url, undefined)).statusCode, url).toBe(401);
      for (const booker of [performer, venue]) {
        const refused = await send(t.app, 'GET', url, booker.cookie);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error.message).toBe(FAN_PAGE_MESSAGES.fansOnly);
      }
      expect((await send(t.app, 'GET', url, fan.cookie)).statusCode, url).toBe(200);
    }
  });

  it('every route is in the OpenAPI document', async () => {
    const doc = (await send(t.app, 'GET', '/api/openapi.json', undefined)).json();
    expect(doc.paths['/api/discovery/artists']).toHaveProperty('get');
    expect(doc.paths['/api/discovery/recommended']).toHaveProperty('get');
  });
});
