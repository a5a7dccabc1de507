import {
  AGE_RANGES,
  GENDERS,
  SMALL_GROUP_MIN,
  type TPerformerDashboard,
  type TVenueDashboard,
} from '@encore/contract';

/*
 * The dashboards' calculations over the counts the repositories read (no I/O). Rates are
 * fractions (0.82 is 82 %); money is rounded to cents.
 */

type Audience = TVenueDashboard['audience'];

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const ratio = (part: number, whole: number | null) => (whole ? round(part / whole, 4) : null);

/** This month's net gain against last month's, in %; null when last month gained nothing. */
export function growthPercent(thisMonth: number, lastMonth: number): number | null {
  return lastMonth === 0 ? null : round(((thisMonth - lastMonth) / Math.abs(lastMonth)) * 100, 1);
}

/** A tour's counts as the repository reads them (repositories/dashboards/performer-reach.repo.ts). */
export type TourCounts = {
  firstShow: string;
  lastShow: string;
  shows: number;
  showsWithResults: number;
  /** Over shows with results. */
  attendance: number;
  /** Venue capacity over shows with results at an Encore venue (external ones have none). */
  capacity: number;
  /** Attendance over the shows counted in `capacity`, for the rate. */
  attendanceAtCapacity: number;
  /** Over shows with merch entered, and their attendance. */
  merchRevenue: number | null;
  attendanceWithMerch: number;
};

/** The tour's rate over shows with results at a known capacity, merch per head over merch shows. */
export function tourFigures(tour: TourCounts | null): TPerformerDashboard['lastTour'] {
  if (tour === null) return null;
  const { attendanceAtCapacity, attendanceWithMerch, ...shown } = tour;
  const merch = tour.merchRevenue;
  return {
    ...shown,
    merchRevenue: merch === null ? null : round(merch, 2),
    attendanceRate: ratio(attendanceAtCapacity, tour.capacity),
    merchPerHead:
      merch === null || attendanceWithMerch === 0 ? null : round(merch / attendanceWithMerch, 2),
  };
}

/**
 * A breakdown cell under SMALL_GROUP_MIN fans is never shown ("not enough data"); an artist
 * message's reach neither ('fewer than 5').
 */
export const guarded = (fans: number | undefined) =>
  fans !== undefined && fans >= SMALL_GROUP_MIN ? fans : null;

/**
 * Fans who asked for a show, as a fan sees the count for their city: nobody is 0 (nothing to
 * say), 1 to SMALL_GROUP_MIN - 1 is null ("a few"), like a dashboard's breakdown cell.
 */
export const guardedAskers = (fans: number) => (fans === 0 ? 0 : guarded(fans));

/** The "Show requests" card: open requests per city, each city guarded, the total too (0 said). */
export function showRequestFigures(counts: {
  total: number;
  cities: { city: string; state: string; fans: number }[];
}): TPerformerDashboard['showRequests'] {
  return {
    total: guardedAskers(counts.total),
    cities: counts.cities.map((c) => ({ ...c, fans: guarded(c.fans) })),
  };
}

/** Midpoints of the age ranges, for the average age (65+ counted as 70). */
const AGE_MIDPOINTS: Record<(typeof AGE_RANGES)[number], number> = {
  '13-17': 15,
  '18-24': 21,
  '25-34': 29.5,
  '35-44': 39.5,
  '45-54': 49.5,
  '55-64': 59.5,
  '65+': 70,
};

export type AudienceCounts = { dimension: 'age' | 'gender' | 'zip'; value: string; fans: number };
/** One of the venue's biggest fan home ZIPs, named (repositories/dashboards/venue-audience.repo.ts). */
export type AudienceZip = { zipCode: string; city: string; state: string; fans: number };

/**
 * The audience block from raw counts per age range and gender, and the biggest home ZIPs. Every
 * fan has one gender, so the genders add up to the fans; small groups are suppressed here, on the
 * server, so they never leave it.
 */
export function audienceFigures(
  breakdown: readonly AudienceCounts[],
  biggestZips: readonly AudienceZip[],
): Audience {
  const of = (dimension: AudienceCounts['dimension']) =>
    new Map(breakdown.filter((c) => c.dimension === dimension).map((c) => [c.value, c.fans]));
  const genders = of('gender');
  const ages = of('age');
  const fans = [...genders.values()].reduce((sum, n) => sum + n, 0);
  const aged = AGE_RANGES.reduce((sum, range) => sum + (ages.get(range) ?? 0), 0);
  const ageSum = AGE_RANGES.reduce(
    (sum, range) => sum + (ages.get(range) ?? 0) * AGE_MIDPOINTS[range],
    0,
  );
  const topZips = biggestZips
    .filter((zip) => zip.fans >= SMALL_GROUP_MIN)
    .sort((a, b) => b.fans - a.fans || a.zipCode.localeCompare(b.zipCode))
    .slice(0, 3);
  return {
    fans,
    averageAge: fans < SMALL_GROUP_MIN || aged === 0 ? null : round(ageSum / aged, 1),
    genders: GENDERS.map((gender) => ({ gender, fans: guarded(genders.get(gender)) })),
    ageRanges: AGE_RANGES.map((ageRange) => ({ ageRange, fans: guarded(ages.get(ageRange)) })),
    topZips,
  };
}

/** The genre table's totals row. */
export function genreTotals(genres: TVenueDashboard['genres']): TVenueDashboard['totals'] {
  return genres.reduce(
    (sum, g) => ({
      events: sum.events + g.events,
      attendance: sum.attendance + g.attendance,
      grossRevenue: round(sum.grossRevenue + g.grossRevenue, 2),
    }),
    { events: 0, attendance: 0, grossRevenue: 0 },
  );
}
