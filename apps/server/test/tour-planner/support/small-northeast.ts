import { afterAll, beforeAll } from 'vitest';
import type { Orm } from '../../../src/db/client.ts';
import { member } from '../../support/shows.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import {
  insertFan,
  insertPerformer,
  insertShow,
  insertVenue,
} from '../../support/tour-planner-world.ts';

/** The tour plans API, for the tests that call it through the app. */
export const TOUR_PLANS = '/api/tour-plans';

const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The next March, as the parser reads "in March": this year's until February, else next year's. */
export const NEXT_MARCH = (() => {
  const now = new Date();
  return `${now.getUTCFullYear() + (now.getUTCMonth() < 2 ? 0 : 1)}-03`;
})();

/** Three Rock rooms of 600–900 within a day's drive of each other, and their fans nearby. */
const CITIES = [
  { city: 'New York', state: 'NY', latitude: 40.75, longitude: -73.99, capacity: 900, fans: 7 },
  { city: 'Philadelphia', state: 'PA', latitude: 39.95, longitude: -75.17, capacity: 700, fans: 6 },
  { city: 'Boston', state: 'MA', latitude: 42.36, longitude: -71.06, capacity: 600, fans: 2 },
] as const;

/**
 * The tour plans tests' world, written straight into the tables (tour-planner-world.ts): in each
 * of CITIES a "<city> Hall" open every day, a past Rock show there by another performer at half
 * its capacity, and the city's Rock fans within 25 miles (New York's demand is the highest,
 * Boston's the lowest). Answers each venue's city by the venue's id.
 */
export async function seedSmallNortheast(orm: Orm): Promise<Map<string, string>> {
  const cityOf = new Map<string, string>();
  const someone = await insertPerformer(orm, { genres: ['Rock'] });
  for (const c of CITIES) {
    const venue = await insertVenue(orm, { ...c, name: `${c.city} Hall`, days: ALL_WEEK });
    cityOf.set(venue.id, c.city);
    const past = { performerId: someone, venue, at: -60 };
    await insertShow(orm, { ...past, attendance: c.capacity / 2, gross: c.capacity * 10 });
    for (let i = 0; i < c.fans; i += 1) {
      await insertFan(orm, {
        latitude: c.latitude,
        longitude: c.longitude,
        radius: 25,
        genres: ['Rock'],
      });
    }
  }
  return cityOf;
}

/** The signed-in performer who plans the tours: Rock, playing rooms of 500–1000. */
export function touringPerformer(t: TestApp) {
  return member(t, 'performer', {
    genres: ['Rock'],
    typicalVenueCapacity: '500-1000',
  });
}

export type SmallNortheast = {
  t: TestApp;
  performer: { id: string; cookie: string };
  /** Each venue's city, by the venue's id. */
  cityOf: Map<string, string>;
};

/**
 * A test file's app with the touring performer signed in and the small Northeast seeded: made
 * before its tests, closed after them. `set` receives it once made.
 */
export function withSmallNortheast(set: (world: SmallNortheast) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const performer = await touringPerformer(t);
    set({ t, performer, cityOf: await seedSmallNortheast(t.database.orm) });
  });
  afterAll(() => t?.close());
}
