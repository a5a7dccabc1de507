import type { TAlertFeed, TShow } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import {
  cancel,
  DAY_MS,
  moveShow,
  PLACES,
  performer,
  showIn,
  watch,
} from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let fan: { id: string; cookie: string };
const s: Record<string, TShow> = {};

const feed = async (cookie: string, query = '') => {
  const response = await send(t.app, 'GET', `/api/fan/alerts${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAlertFeed>();
};
const ids = (page: TAlertFeed) => page.items.map((item) => item.show.id);

// One fan in Midtown Manhattan (ZIP 10001), 40 miles, Jazz only, watching one artist. Dates are
// distinct (bar one deliberate tie) so the expected order is known.
beforeAll(async () => {
  t = await createTestApp();
  fan = await member(t, 'fan', { zipCode: '10001', preferredRadius: 40, favoriteGenres: ['Jazz'] });
  const band = await performer(t, 'Local Band');
  const star = await performer(t, 'Touring Star');
  await watch(t, fan.cookie, star.id);
  s.jersey = await showIn(t, band, PLACES.jerseyCity, { startsAtLocal: `${YEAR}-03-01T20:00` });
  // The tie is at another club in town: the same show twice would be refused as a duplicate.
  s.jerseyTie = await showIn(t, band, PLACES.jerseyCity, {
    startsAtLocal: `${YEAR}-03-01T20:00`,
    venueName: 'Second Club in Jersey City',
  });
  s.philly = await showIn(t, band, PLACES.philadelphia, { startsAtLocal: `${YEAR}-03-02T20:00` });
  s.rockBrooklyn = await showIn(t, band, PLACES.brooklyn, {
    genre: 'Rock',
    startsAtLocal: `${YEAR}-03-03T20:00`,
  });
  s.starLa = await showIn(t, star, PLACES.losAngeles, {
    genre: 'Rock',
    startsAtLocal: `${YEAR}-02-01T20:00`,
  });
  s.starJersey = await showIn(t, star, PLACES.jerseyCity, { startsAtLocal: `${YEAR}-04-01T20:00` });
  s.cancelled = await showIn(t, band, PLACES.bronx, { startsAtLocal: `${YEAR}-03-04T20:00` });
  await cancel(t, band.cookie, s.cancelled.id);
  s.past = await showIn(t, band, PLACES.brooklyn, { startsAtLocal: `${YEAR}-03-05T20:00` });
  await moveShow(t, s.past.id, new Date(Date.now() - DAY_MS));
  s.starPast = await showIn(t, star, PLACES.losAngeles, { startsAtLocal: `${YEAR}-03-06T20:00` });
  await moveShow(t, s.starPast.id, new Date(Date.now() - DAY_MS));
});
afterAll(() => t.close());

describe('GET /api/fan/alerts', () => {
  it('lists watched artists anywhere and favourite genres nearby, soonest first', async () => {
    const page = await feed(fan.cookie);
    const tie = [s.jersey, s.jerseyTie].map((show) => show?.id ?? '').sort();
    expect(ids(page)).toEqual([s.starLa?.id, ...tie, s.starJersey?.id]);
    expect(page.nextCursor).toBeNull();
    const byId = new Map(page.items.map((item) => [item.show.id, item]));
    // Far away, another genre, but watched.
    expect(byId.get(s.starLa?.id ?? '')?.reason).toEqual({ watching: true, nearby: null });
    // Nearby Jazz, performer not watched: Jersey City is 3.2 miles from 10001.
    expect(byId.get(s.jersey?.id ?? '')?.reason).toEqual({
      watching: false,
      nearby: { genre: 'Jazz', distanceMiles: 3.2, radiusMiles: 40, home: 'New York, NY' },
    });
    // Both reasons at once.
    expect(byId.get(s.starJersey?.id ?? '')?.reason).toMatchObject({
      watching: true,
      nearby: { genre: 'Jazz' },
    });
    expect(byId.get(s.jersey?.id ?? '')?.myAttendance).toBeNull();
  });

  it('leaves out shows beyond the radius, of other genres, cancelled or started', () =>
    feed(fan.cookie).then((page) => {
      for (const key of ['philly', 'rockBrooklyn', 'cancelled', 'past', 'starPast']) {
        expect(ids(page), key).not.toContain(s[key]?.id);
      }
    }));

  it('measures the distance for real: Manhattan to Philadelphia is about 83 miles', async () => {
    const far = await member(t, 'fan', {
      zipCode: '10001',
      preferredRadius: 100,
      favoriteGenres: ['Jazz'],
    });
    const item = (await feed(far.cookie)).items.find((i) => i.show.id === s.philly?.id);
    expect(item?.reason.watching).toBe(false);
    expect(item?.reason.nearby?.distanceMiles).toBeGreaterThanOrEqual(81);
    expect(item?.reason.nearby?.distanceMiles).toBeLessThanOrEqual(85);
  });

  it('pages with a cursor: every show exactly once, ties split by id', async () => {
    const all = ids(await feed(fan.cookie));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await feed(fan.cookie, query);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(all);
    const firstTwo = await feed(fan.cookie, '?limit=2');
    expect(firstTwo.nextCursor).not.toBeNull();
    const rest = await feed(fan.cookie, `?cursor=${firstTwo.nextCursor}`);
    expect([...ids(firstTwo), ...ids(rest)]).toEqual(all);
  });

  it('400 with a field error for a cursor it did not hand out or a bad limit', async () => {
    const forged = Buffer.from('yesterday.some-id').toString('base64url');
    for (const query of ['?cursor=%%%', `?cursor=${forged}`, '?cursor=abc', '?limit=0']) {
      const response = await send(t.app, 'GET', `/api/fan/alerts${query}`, fan.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const bad = await send(t.app, 'GET', '/api/fan/alerts?cursor=abc', fan.cookie);
    expect(bad.json().error.fields).toHaveProperty('cursor');
  });

  it('shows faces of fans going whose privacy allows, and the fan’s own mark', async () => {
    const open = await member(t, 'fan', { tagName: 'OpenFan' });
    const hidden = await member(t, 'fan', { tagName: 'HiddenFan' });
    const privacy = { visibility: 'public', showAttendance: false, allowFriendRequests: true };
    await send(t.app, 'PUT', '/api/settings/privacy', hidden.cookie, privacy);
    const id = s.starJersey?.id ?? '';
    for (const who of [open, hidden, fan]) {
      await send(t.app, 'PUT', `/api/shows/${id}/attendance`, who.cookie, { status: 'going' });
    }
    const item = (await feed(fan.cookie)).items.find((i) => i.show.id === id);
    expect(item?.myAttendance).toBe('going');
    expect(item?.show.attendingCount).toBe(3);
    expect(item?.faces.map((f) => f.name).sort()).toEqual(['LoudFan', 'OpenFan']);
  });

  it('shows the newest CARD_FACES fans going it may see, newest first', async () => {
    const names = ['Face1', 'Face2', 'Face3', 'Face4', 'Face5', 'HiddenFace', 'Face6'];
    const id = s.jersey?.id ?? '';
    for (const tagName of names) {
      const who = await member(t, 'fan', { tagName });
      if (tagName === 'HiddenFace') {
        const privacy = { visibility: 'private', showAttendance: true, allowFriendRequests: true };
        await send(t.app, 'PUT', '/api/settings/privacy', who.cookie, privacy);
      }
      await send(t.app, 'PUT', `/api/shows/${id}/attendance`, who.cookie, { status: 'going' });
    }
    const item = (await feed(fan.cookie)).items.find((i) => i.show.id === id);
    expect(item?.show.attendingCount).toBe(names.length);
    expect(item?.faces.map((f) => f.name)).toEqual(['Face6', 'Face5', 'Face4', 'Face3']);
    expect(item?.myAttendance).toBeNull();
  });

  it('a fan without a profile yet gets an empty feed, not an error', async () => {
    const { createUser } = await import('../support/factories.ts');
    const bare = await createUser(t.app, { role: 'fan' });
    expect(await feed(bare.cookie)).toEqual({ items: [], nextCursor: null });
  });
});
