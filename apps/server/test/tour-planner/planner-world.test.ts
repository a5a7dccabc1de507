import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { earthMeters } from '../../src/domain/earth.ts';
import type { CandidateVenue } from '../../src/domain/tour-planner/types.ts';
import {
  createPlannerWorldRepo,
  typicalCapacityOf,
} from '../../src/repositories/tour-planner/planner-world.repo.ts';
import { YEAR } from '../support/dates.ts';
import { createTestDatabase } from '../support/test-app.ts';
import {
  bookingRequest,
  follow,
  insertFan,
  insertPerformer,
  insertShow,
  insertUser,
  insertVenue,
  marchWindow,
  northOf,
} from '../support/tour-planner-world.ts';

const NYC = { latitude: 40.75, longitude: -73.99 };
const BOSTON = { latitude: 42.36, longitude: -71.06 };
const CHICAGO = { latitude: 41.88, longitude: -87.63 };

const window = marchWindow;

let database: Database;
let repo: ReturnType<typeof createPlannerWorldRepo>;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  // Every read anew: the tests below add results between plans (the median's keeping is tested
  // on its own at the end).
  repo = createPlannerWorldRepo(database.orm, { medianKeptMs: 0 });
});
afterAll(() => database.close());

async function artist(genres = ['Rock']) {
  const performerId = await insertPerformer(database.orm, { genres });
  const loaded = await repo.loadArtist(performerId);
  if (!loaded) throw new Error('no artist');
  return loaded;
}

/** A venue that fits by default: 800 seats in New York, one past Rock show by someone else. */
async function rockVenue(spec: Partial<Parameters<typeof insertVenue>[1]> = {}) {
  const venue = await insertVenue(database.orm, { ...NYC, capacity: 800, ...spec });
  const other = await insertPerformer(database.orm, { genres: ['Rock'] });
  await insertShow(database.orm, { performerId: other, venue, genre: 'Rock', at: -30 });
  return venue;
}

const byId = (world: { candidates: CandidateVenue[] }, id: string) =>
  world.candidates.find((c) => c.venueId === id);

describe('the artist', () => {
  it('reads the profile: name, genres, capacity band, the booking agent as contact', async () => {
    const id = await insertPerformer(database.orm, {
      name: 'Night Owls',
      genres: ['Indie', 'Rock'],
      capacity: '100-500',
      agent: true,
    });
    expect(await repo.loadArtist(id)).toEqual({
      performerId: id,
      name: 'Night Owls',
      genres: ['Indie', 'Rock'],
      typicalCapacity: { min: 100, max: 500 },
      home: null,
      email: `agent.${id}@example.com`,
      phone: '(512) 555-0101',
    });
    const plain = await insertPerformer(database.orm);
    expect(await repo.loadArtist(plain)).toMatchObject({
      email: `band.${plain}@example.com`,
      phone: '(512) 555-0100',
    });
  });

  it('is null for a user without a performer profile', async () => {
    expect(await repo.loadArtist(await insertUser(database.orm, 'fan'))).toBeNull();
    expect(await repo.loadArtist('nobody')).toBeNull();
  });

  it('parses every capacity band', () => {
    expect(typicalCapacityOf('< 100')).toEqual({ min: 1, max: 99 });
    expect(typicalCapacityOf('500-1000')).toEqual({ min: 500, max: 1000 });
    expect(typicalCapacityOf('1000-5000')).toEqual({ min: 1000, max: 5000 });
    expect(typicalCapacityOf('5000+')).toEqual({ min: 5000, max: null });
  });
});

describe('candidate venues', () => {
  it('fit the capacity band, the area and the artist’s genres in their show history', async () => {
    const me = await artist(['Rock']);
    const fits = await rockVenue({ name: 'Fits' });
    const small = await rockVenue({ capacity: 300 });
    const big = await rockVenue({ capacity: 1200 });
    const edge = await rockVenue({ capacity: 1000 });
    const chicago = await rockVenue({ ...CHICAGO, city: 'Chicago', state: 'IL' });
    const boston = await rockVenue({ ...BOSTON, city: 'Boston', state: 'MA' });
    const jazzOnly = await insertVenue(database.orm, { ...NYC, capacity: 800 });
    const someone = await insertPerformer(database.orm, { genres: ['Jazz'] });
    await insertShow(database.orm, {
      performerId: someone,
      venue: jazzOnly,
      genre: 'Jazz',
      at: -9,
    });
    // Only a future Rock show, a cancelled one and a declined one: no Rock history yet.
    const untried = await insertVenue(database.orm, { ...NYC, capacity: 800 });
    await insertShow(database.orm, { performerId: someone, venue: untried, at: 20 });
    await insertShow(database.orm, {
      performerId: someone,
      venue: untried,
      at: -5,
      status: 'cancelled',
    });
    await insertShow(database.orm, {
      performerId: someone,
      venue: untried,
      at: -6,
      confirmation: 'declined',
    });

    const northeast = await repo.loadWorld(me, window({ regions: ['Northeast'] }));
    const ids = northeast.candidates.map((c) => c.venueId);
    expect(ids).toEqual(expect.arrayContaining([fits.id, edge.id, boston.id]));
    for (const out of [small, big, chicago, jazzOnly, untried]) expect(ids).not.toContain(out.id);
    expect(byId(northeast, fits.id)).toMatchObject({
      venueName: 'Fits',
      city: 'New York',
      state: 'NY',
      capacity: 800,
      operatingDays: ['Thursday', 'Friday', 'Saturday'],
      genreShows: 1,
    });

    const illinois = await repo.loadWorld(me, window({ states: ['IL'] }));
    expect(illinois.candidates.map((c) => c.venueId)).toEqual([chicago.id]);
    const cities = await repo.loadWorld(
      me,
      window({
        cities: [
          { city: 'boston', state: null },
          { city: 'Chicago', state: 'IL' },
        ],
      }),
    );
    expect(cities.candidates.map((c) => c.venueId).sort()).toEqual([boston.id, chicago.id].sort());
    const anywhere = await repo.loadWorld(me, window());
    expect(anywhere.candidates.map((c) => c.venueId)).toEqual(
      expect.arrayContaining([fits.id, chicago.id, boston.id]),
    );
  });

  it('book the nights of live shows and held requests in the window, in the venue’s calendar', async () => {
    const me = await artist();
    const venue = await rockVenue({ ...BOSTON, city: 'Worcester', state: 'MA' });
    const someone = await insertPerformer(database.orm);
    // 23:30 in New York on Mar 6 is Mar 7 in UTC: the venue's night is the 6th.
    await insertShow(database.orm, {
      performerId: someone,
      venue,
      at: `${YEAR}-03-07T04:30:00Z`,
    });
    await insertShow(database.orm, {
      performerId: someone,
      venue,
      at: `${YEAR}-03-10T01:00:00Z`,
      status: 'cancelled',
    });
    await insertShow(database.orm, {
      performerId: someone,
      venue,
      at: `${YEAR}-03-11T01:00:00Z`,
      confirmation: 'declined',
    });
    await insertShow(database.orm, {
      performerId: someone,
      venue,
      at: `${YEAR}-03-13T01:00:00Z`,
      confirmation: 'pending',
    });
    await insertShow(database.orm, { performerId: someone, venue, at: `${YEAR}-04-03T01:00:00Z` });
    await bookingRequest(database.orm, {
      performerId: someone,
      venueId: venue.id,
      date: `${YEAR}-03-20`,
      state: 'held',
    });
    await bookingRequest(database.orm, {
      performerId: me.performerId,
      venueId: venue.id,
      date: `${YEAR}-03-21`,
      state: 'pending',
    });
    await bookingRequest(database.orm, {
      performerId: someone,
      venueId: venue.id,
      date: `${YEAR}-03-22`,
      state: 'declined',
    });

    const world = await repo.loadWorld(
      me,
      window({ cities: [{ city: 'Worcester', state: 'MA' }] }),
    );
    expect(byId(world, venue.id)?.bookedDates).toEqual([
      `${YEAR}-03-06`,
      `${YEAR}-03-12`,
      `${YEAR}-03-20`,
    ]);
  });
});

describe('demand in reach', () => {
  it('counts followers and genre fans whose own radius reaches the venue, and nobody else', async () => {
    const me = await artist(['Rock', 'Indie']);
    const place = { latitude: 44.48, longitude: -73.21 }; // Burlington, VT: nobody else's fans
    const venue = await rockVenue({ ...place, city: 'Burlington', state: 'VT' });
    const at = (miles: number) => ({ latitude: northOf(place, miles), longitude: place.longitude });
    const fan = (miles: number, radius: number, genres: string[]) =>
      insertFan(database.orm, { ...at(miles), radius, genres });

    // Followers: inside their radius (24 of 25 mi, 99 of 100), outside (26 of 25), and a
    // follower who also likes Rock counts once, as a follower.
    for (const [miles, radius, genres] of [
      [24, 25, ['Jazz']],
      [99, 100, ['Jazz']],
      [26, 25, ['Jazz']],
      [5, 10, ['Rock']],
    ] as const) {
      await follow(database.orm, await fan(miles, radius, [...genres]), me.performerId);
    }
    // Genre fans: Rock or Indie inside their radius; Jazz only, or just outside, are not.
    await fan(9, 10, ['Indie']);
    await fan(49, 50, ['Rock', 'Jazz']);
    await fan(51, 50, ['Rock']);
    await fan(3, 25, ['Jazz']);
    // A fan following someone else is no follower of mine.
    const otherArtist = await insertPerformer(database.orm);
    await follow(database.orm, await fan(2, 25, ['Jazz']), otherArtist);

    const world = await repo.loadWorld(me, window({ states: ['VT'] }));
    expect(byId(world, venue.id)).toMatchObject({ followersInReach: 3, genreFansInReach: 2 });
    // Aggregates only: no fan's id (nor anything of theirs) is in what the planner gets.
    const text = JSON.stringify(world);
    expect(text).not.toMatch(/tp-fan-/);
    // Nor the venues' booking contacts: a plan never holds them (tour-plans-contacts.test.ts).
    expect(Object.keys(byId(world, venue.id) ?? {}).sort()).toEqual(
      [
        'bookedDates',
        'calibration',
        'capacity',
        'city',
        'followersInReach',
        'genreFansInReach',
        'genreShows',
        'latitude',
        'longitude',
        'operatingDays',
        'requestCity',
        'requestsInReach',
        'state',
        'venueId',
        'venueName',
      ].sort(),
    );
  });
});

describe('distance', () => {
  it('is earthdistance’s, so the planner and the alert matcher agree on who is near', async () => {
    const pairs = [
      [NYC, BOSTON],
      [NYC, CHICAGO],
      [NYC, { latitude: northOf(NYC, 25), longitude: NYC.longitude }],
      [BOSTON, { latitude: 42.36, longitude: -71.5 }],
    ] as const;
    for (const [a, b] of pairs) {
      const { rows } = await database.orm.execute<{ m: number }>(sql`
        select earth_distance(ll_to_earth(${a.latitude}::float8, ${a.longitude}::float8),
          ll_to_earth(${b.latitude}::float8, ${b.longitude}::float8)) as m`);
      expect(earthMeters(a, b)).toBeCloseTo(rows[0]?.m ?? Number.NaN, 3);
    }
  });
});

describe('calibration', () => {
  it('comes from the venue’s own results, else similar venues’ in the genres, else none', async () => {
    const me = await artist(['Country']);
    const someone = await insertPerformer(database.orm, { genres: ['Country'] });
    const place = { latitude: 43.66, longitude: -70.26, state: 'ME' }; // Portland, ME
    const own = await insertVenue(database.orm, { ...place, capacity: 1000 });
    await insertShow(database.orm, {
      performerId: someone,
      venue: own,
      genre: 'Country',
      at: -40,
      attendance: 800,
      gross: 16000,
    });
    await insertShow(database.orm, {
      performerId: someone,
      venue: own,
      genre: 'Jazz',
      at: -20,
      attendance: 600,
      gross: 18000,
    });

    // No results of its own; a 700-seat venue (within ±50% of 600) has Folk results.
    const similar = await insertVenue(database.orm, { ...place, capacity: 600 });
    await insertShow(database.orm, {
      performerId: someone,
      venue: similar,
      genre: 'Country',
      at: -10,
    });
    const peer = await insertVenue(database.orm, {
      latitude: 19.7,
      longitude: -155.1,
      state: 'HI',
      capacity: 700,
    });
    await insertShow(database.orm, {
      performerId: someone,
      venue: peer,
      genre: 'Country',
      at: -12,
      attendance: 350,
      gross: 7000,
    });
    // A Jazz result at a similar size does not count for a Folk artist.
    await insertShow(database.orm, {
      performerId: someone,
      venue: peer,
      genre: 'Jazz',
      at: -11,
      attendance: 700,
      gross: 70000,
    });

    // 100 seats: nothing between 50 and 150 has results.
    const lonely = await insertVenue(database.orm, { ...place, capacity: 100 });
    await insertShow(database.orm, {
      performerId: someone,
      venue: lonely,
      genre: 'Country',
      at: -3,
    });

    const world = await repo.loadWorld(
      me,
      window({ states: ['ME'], capacityMin: 50, capacityMax: 1000 }),
    );
    expect(byId(world, own.id)?.calibration).toEqual({
      source: 'venue',
      shows: 2,
      fillRate: 0.7, // (0.8 + 0.6) / 2
      revenuePerHead: 25, // (20 + 30) / 2
    });
    expect(byId(world, similar.id)?.calibration).toEqual({
      source: 'similar',
      shows: 1,
      fillRate: 0.5,
      revenuePerHead: 20,
    });
    expect(byId(world, lonely.id)?.calibration).toEqual({
      source: 'none',
      shows: 0,
      fillRate: null,
      revenuePerHead: null,
    });
    // The fallback is the median ticket revenue per head over every result on Encore.
    expect(world.revenuePerHeadFallback).toEqual(expect.any(Number));
  });
});

describe("Encore's median revenue a head", () => {
  it('is kept for a few minutes, then read again', async () => {
    let clock = 1_000_000;
    const keeping = createPlannerWorldRepo(database.orm, { now: () => clock });
    const me = await artist(['Rock']);
    const before = (await keeping.loadWorld(me, window())).revenuePerHeadFallback;
    // Enough results at $500 a head to move any median there.
    const venue = await insertVenue(database.orm, { ...NYC, capacity: 100 });
    const someone = await insertPerformer(database.orm, { genres: ['Rock'] });
    for (let i = 0; i < 200; i += 1) {
      await insertShow(database.orm, {
        performerId: someone,
        venue,
        at: -1 - (i % 300),
        attendance: 10,
        gross: 5000,
      });
    }
    clock += 5 * 60_000 - 1;
    expect((await keeping.loadWorld(me, window())).revenuePerHeadFallback).toBe(before);
    clock += 1;
    expect((await keeping.loadWorld(me, window())).revenuePerHeadFallback).toBe(500);
  });
});
