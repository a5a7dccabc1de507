import {
  DISCOVERY_LABELS,
  FAN_PAGE_MESSAGES,
  GENRE_PAGE_SIZE,
  type TGenreArtists,
  type TShow,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { cancel, DAY_MS, moveShow, PLACES, showIn, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, answerAs, member, performerCast } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let fan: { id: string; cookie: string };
let brooklynVenue: { id: string; cookie: string };
const a: Record<string, string> = {};
const s: Record<string, TShow> = {};

const artist = performerCast(() => t, a);

const genrePage = async (slug: string, cookie = fan.cookie, query = '') => {
  const response = await send(t.app, 'GET', `/api/discovery/genres/${slug}${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<TGenreArtists>();
};

// A fan in Midtown Manhattan (10001). Artists list Jazz in their profile unless said; each show's
// own genre does not matter to the page (it lists artists of the genre, not shows).
beforeAll(async () => {
  t = await createTestApp();
  fan = await member(t, 'fan', { homeCity: 'New York', zipCode: '10001' });
  const near = await artist('near', 'Harbor Lights', ['Jazz']);
  s.near = await showIn(t, near, PLACES.jerseyCity, {
    genre: 'Rock',
    startsAtLocal: `${YEAR}-05-10T20:00`,
  });
  const mid = await artist('mid', 'Blue Cats', ['Rock', 'Jazz']);
  // Its Los Angeles show is sooner; the Philadelphia one is the nearer, so it places the artist.
  s.midFar = await showIn(t, mid, PLACES.losAngeles, { startsAtLocal: `${YEAR}-03-01T20:00` });
  s.midNear = await showIn(t, mid, PLACES.philadelphia, { startsAtLocal: `${YEAR}-04-20T20:00` });
  const far = await artist('far', 'Desert Swing', ['Jazz']);
  s.far = await showIn(t, far, PLACES.losAngeles, { startsAtLocal: `${YEAR}-02-15T20:00` });

  // Only a show the Brooklyn venue has not confirmed yet: not public, so not on tour here.
  const waiting = await artist('waiting', 'Waiting Room', ['Jazz']);
  brooklynVenue = await member(t, 'venue', {
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11201',
  });
  s.pending = await announceAs(t, waiting.cookie, {
    performerId: waiting.id,
    venueId: brooklynVenue.id,
    startsAtLocal: `${YEAR}-03-03T20:00`,
  });
  // A Bronx show that is cancelled and one already played: nothing upcoming.
  const resting = await artist('resting', 'Quiet Season', ['Jazz']);
  await cancel(t, resting.cookie, (await showIn(t, resting, PLACES.bronx)).id);
  const played = await showIn(t, resting, PLACES.bronx, { startsAtLocal: `${YEAR}-03-07T20:00` });
  await moveShow(t, played.id, new Date(Date.now() - DAY_MS));
  await artist('home', 'Stay Home Trio', ['Jazz']);
  // Nearer than anyone, but not a Jazz artist.
  const rock = await artist('rock', 'Loud Rooms', ['Rock']);
  await showIn(t, rock, PLACES.manhattan, { genre: 'Jazz', startsAtLocal: `${YEAR}-03-05T20:00` });
  await watch(t, fan.cookie, a.far ?? '');
});
afterAll(() => t.close());

describe('GET /api/discovery/genres/:genre', () => {
  it('lists the genre’s artists with upcoming shows nearest the fan’s home first, then the rest A–Z', async () => {
    const page = await genrePage('jazz');
    expect(page.genre).toBe('Jazz');
    expect(page.home).toEqual({ city: 'New York' });
    expect(page.nextOffset).toBeNull();
    expect(page.artists.map((x) => x.name)).toEqual([
      'Harbor Lights',
      'Blue Cats',
      'Desert Swing',
      'Quiet Season',
      'Stay Home Trio',
      'Waiting Room',
    ]);
    const [near, mid, far] = page.artists;
    expect(near).toMatchObject({ id: a.near, onTour: true, distanceMiles: 3.2 });
    expect(near?.show?.id).toBe(s.near?.id);
    expect(mid?.show?.id).toBe(s.midNear?.id);
    expect(mid?.show?.venue.city).toBe('Philadelphia');
    expect(mid?.distanceMiles).toBeGreaterThan(70);
    expect(mid?.distanceMiles).toBeLessThan(100);
    expect(far?.show?.id).toBe(s.far?.id);
    expect(far?.distanceMiles).toBeGreaterThan(2000);
  });

  it('counts only upcoming confirmed shows: pending, cancelled and played ones are not shown', async () => {
    const page = await genrePage('jazz');
    for (const key of ['waiting', 'resting', 'home']) {
      const item = page.artists.find((x) => x.id === a[key]);
      expect(item, key).toMatchObject({ onTour: false, show: null, distanceMiles: null });
    }
    expect(page.artists.map((x) => x.show?.id)).not.toContain(s.pending?.id);
  });

  it('marks the artists the fan already watches', async () => {
    const page = await genrePage('jazz');
    expect(page.artists.find((x) => x.id === a.far)?.alertChannels).toEqual(['email']);
    expect(page.artists.find((x) => x.id === a.near)?.alertChannels).toBeNull();
  });

  it('reads the genre’s address in any case, and answers an empty page for a genre nobody plays', async () => {
    expect((await genrePage('JAZZ')).artists).toHaveLength(6);
    expect(await genrePage('r-and-b')).toEqual({
      genre: 'R&B',
      home: { city: 'New York' },
      artists: [],
      nextOffset: null,
    });
  });

  it('404 with a message for an address that names no genre', async () => {
    for (const slug of ['polka', 'R%26B', 'hip%20hop', 'jazz-']) {
      const response = await send(t.app, 'GET', `/api/discovery/genres/${slug}`, fan.cookie);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().error).toMatchObject({
        code: 'NOT_FOUND',
        message: DISCOVERY_LABELS.unknownGenre,
      });
    }
  });

  it('pages: offset continues where the last page stopped; a bad offset is a 400', async () => {
    const rest = await genrePage('jazz', fan.cookie, '?offset=4');
    expect(rest.artists.map((x) => x.name)).toEqual(['Stay Home Trio', 'Waiting Room']);
    expect(rest.nextOffset).toBeNull();
    for (const bad of ['-1', 'x', '1.5', '100000']) {
      const url = `/api/discovery/genres/jazz?offset=${bad}`;
      expect((await send(t.app, 'GET', url, fan.cookie)).statusCode, bad).toBe(400);
    }
  });

  it('says where More continues when the genre has more artists than a page', async () => {
    const names = Array.from({ length: GENRE_PAGE_SIZE + 1 }, (_, n) => `Metal Band ${n + 10}`);
    for (const name of names) await member(t, 'performer', { artistName: name, genres: ['Metal'] });
    const first = await genrePage('metal');
    expect(first.artists).toHaveLength(GENRE_PAGE_SIZE);
    expect(first.nextOffset).toBe(GENRE_PAGE_SIZE);
    const second = await genrePage('metal', fan.cookie, `?offset=${first.nextOffset}`);
    expect(second.artists.map((x) => x.name)).toEqual([names.at(-1)]);
    expect(second.nextOffset).toBeNull();
  });

  it('orders by show date for a fan with no home yet', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const page = await genrePage('jazz', cookie);
    expect(page.home).toBeNull();
    expect(page.artists.slice(0, 3).map((x) => x.name)).toEqual([
      'Desert Swing',
      'Blue Cats',
      'Harbor Lights',
    ]);
    expect(page.artists.every((x) => x.distanceMiles === null)).toBe(true);
  });

  it('401 signed out, 403 for performers and venues', async () => {
    const url = '/api/discovery/genres/jazz';
    expect((await send(t.app, 'GET', url, undefined)).statusCode).toBe(401);
    for (const role of ['performer', 'venue'] as const) {
      const refused = await send(t.app, 'GET', url, (await member(t, role)).cookie);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().error.message).toBe(FAN_PAGE_MESSAGES.fansOnly);
    }
  });

  // Last: it changes the order the tests above expect.
  it('a pending show counts once its venue confirms it', async () => {
    await answerAs(t, brooklynVenue.cookie, s.pending?.id ?? '');
    const page = await genrePage('jazz');
    const names = page.artists.map((x) => x.name);
    expect(names.slice(0, 4)).toEqual([
      'Harbor Lights',
      'Waiting Room',
      'Blue Cats',
      'Desert Swing',
    ]);
    const waiting = page.artists[1];
    expect(waiting).toMatchObject({ onTour: true });
    expect(waiting?.show?.id).toBe(s.pending?.id);
    expect(waiting?.show?.venue.city).toBe('Brooklyn');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await send(t.app, 'GET', '/api/openapi.json', undefined)).json();
    expect(doc.paths['/api/discovery/genres/{genre}']).toHaveProperty('get');
  });
});
