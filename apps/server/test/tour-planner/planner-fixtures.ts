import { DAYS_OF_WEEK, EMPTY_TOUR_CONSTRAINTS } from '@encore/contract';
import type {
  CandidateVenue,
  PlannerArtist,
  PlannerWorld,
  ResolvedConstraints,
} from '../../src/domain/tour-planner/types.ts';

/** Small hand-built worlds for the pure planner: no database, every figure chosen by the test. */

export const artist: PlannerArtist = {
  performerId: 'performer-1',
  name: 'The Night Owls',
  genres: ['Indie'],
  typicalCapacity: { min: 500, max: 1000 },
  home: null,
  email: 'booking@nightowls.example',
  phone: '+1 555 0100',
};

/** City centres (lat, lon) the tests place venues in. */
export const CITIES = {
  Boston: ['MA', 42.3601, -71.0589],
  Providence: ['RI', 41.824, -71.4128],
  Hartford: ['CT', 41.7658, -72.6734],
  'New York': ['NY', 40.7128, -74.006],
  Philadelphia: ['PA', 39.9526, -75.1652],
  Pittsburgh: ['PA', 40.4406, -79.9959],
  Albany: ['NY', 42.6526, -73.7562],
  Buffalo: ['NY', 42.8864, -78.8784],
  Burlington: ['VT', 44.4759, -73.2121],
  Portland: ['ME', 43.6591, -70.2568],
  Newark: ['NJ', 40.7357, -74.1724],
  Chicago: ['IL', 41.8781, -87.6298],
  Cleveland: ['OH', 41.4993, -81.6944],
} as const;
export type TestCity = keyof typeof CITIES;

let serial = 0;
export function venue(city: TestCity, overrides: Partial<CandidateVenue> = {}): CandidateVenue {
  serial += 1;
  const [state, latitude, longitude] = CITIES[city];
  return {
    venueId: `venue-${serial}`,
    venueName: `${city} Hall ${serial}`,
    city,
    state,
    latitude,
    longitude,
    capacity: 800,
    operatingDays: [...DAYS_OF_WEEK],
    bookedDates: [],
    genreShows: 3,
    followersInReach: 100,
    genreFansInReach: 1000,
    requestsInReach: 0,
    requestCity: null,
    calibration: { source: 'venue', shows: 4, fillRate: 0.5, revenuePerHead: 20 },
    ...overrides,
  };
}

export function world(
  candidates: CandidateVenue[],
  revenuePerHeadFallback: number | null = 18,
): PlannerWorld {
  return { artist, candidates, revenuePerHeadFallback };
}

export function resolved(overrides: Partial<ResolvedConstraints> = {}): ResolvedConstraints {
  return {
    ...EMPTY_TOUR_CONSTRAINTS,
    startDate: '2027-03-01',
    endDate: '2027-03-31',
    dateCount: 5,
    capacityMin: 500,
    capacityMax: 1000,
    maxDriveMiles: 300,
    ...overrides,
  };
}

/** A small deterministic PRNG (mulberry32), so "random" worlds are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole days from one local date to another. */
export const daysApart = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
