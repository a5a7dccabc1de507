import { EMPTY_TOUR_CONSTRAINTS, type TTourConstraints } from '@encore/contract';
import type { Orm } from '../../../src/db/client.ts';
import { YEAR } from '../dates.ts';
import { insertPerformer, insertShow, insertVenue } from '../tour-planner-world.ts';
import { WHOLE_BODY } from './schema-arbitrary.ts';

const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Ten Northeast cities: enough rooms for a plan of the default 10 dates. */
const ROOMS = [
  { city: 'New York', state: 'NY', latitude: 40.75, longitude: -73.99 },
  { city: 'Boston', state: 'MA', latitude: 42.36, longitude: -71.06 },
  { city: 'Philadelphia', state: 'PA', latitude: 39.95, longitude: -75.17 },
  { city: 'Providence', state: 'RI', latitude: 41.82, longitude: -71.41 },
  { city: 'Hartford', state: 'CT', latitude: 41.76, longitude: -72.68 },
  { city: 'New Haven', state: 'CT', latitude: 41.31, longitude: -72.92 },
  { city: 'Albany', state: 'NY', latitude: 42.65, longitude: -73.76 },
  { city: 'Newark', state: 'NJ', latitude: 40.74, longitude: -74.17 },
  { city: 'Worcester', state: 'MA', latitude: 42.26, longitude: -71.8 },
  { city: 'Springfield', state: 'MA', latitude: 42.1, longitude: -72.59 },
];

/**
 * Venues the fuzz world's performer (performerInput: Indie and Rock, rooms of 500–1000) can plan
 * a tour on: ten Northeast rooms that hosted a past Rock show. Without them every plan was a 422
 * ("No Encore venue has 500–1,000 capacity") before the prompt was saved, so a value the schema
 * let through never met Postgres (second security probe, finding 4).
 */
export async function seedPlannableVenues(orm: Orm): Promise<void> {
  const someone = await insertPerformer(orm, { genres: ['Rock'] });
  for (const room of ROOMS) {
    const venue = await insertVenue(orm, { ...room, capacity: 800, days: ALL_WEEK });
    await insertShow(orm, { performerId: someone, venue, at: -60, attendance: 400, gross: 8000 });
  }
}

const CONSTRAINTS: TTourConstraints[] = [
  { ...EMPTY_TOUR_CONSTRAINTS, regions: ['Northeast'], dateCount: 2 },
  {
    ...EMPTY_TOUR_CONSTRAINTS,
    states: ['NY', 'MA'],
    startDate: `${YEAR}-03-01`,
    endDate: `${YEAR}-03-31`,
    dateCount: 2,
    capacityMin: 500,
    capacityMax: 1000,
    maxDriveMiles: 300,
    fixedDates: [{ date: `${YEAR}-03-14`, city: 'Boston', state: 'MA' }],
    daysOff: [`${YEAR}-03-10`],
    weekdaysOff: ['Monday'],
  },
];

const PROMPTS = [
  '2 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day',
  '2 dates: Boston on March 14 and New York, no Mondays',
  '5 dates in New England in the spring',
];

/**
 * Valid tour-plan requests by field name (the fuzzer's examples): prompts that plan, and
 * constraints with real dates (a date pattern alone makes February 30s), whole bodies for POST
 * and PUT. Mutated, they carry the hostile values into a request that would otherwise be saved.
 */
export const TOUR_PLAN_EXAMPLES: ReadonlyArray<readonly [string, unknown]> = [
  ...PROMPTS.map((prompt) => ['prompt', prompt] as const),
  ...CONSTRAINTS.map((constraints) => ['constraints', constraints] as const),
  ...PROMPTS.map((prompt) => [WHOLE_BODY, { prompt }] as const),
  ...CONSTRAINTS.map((constraints) => [WHOLE_BODY, { constraints }] as const),
];
