import { TOUR_REGIONS, type TTourConstraints, type VENUE_CAPACITY_RANGES } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import {
  fansInReach,
  type RequestsAtPlace,
  reachBox,
  requestsInReach,
} from '../../domain/tour-planner/fans-in-reach.ts';
import type {
  CandidateVenue,
  PlannerArtist,
  PlannerWorld,
  ResolvedConstraints,
} from '../../domain/tour-planner/types.ts';
import { placesFromFanHomes } from './fan-homes.repo.ts';
import {
  candidatesSql,
  fanHomesSql,
  genreSetsSql,
  showRequestsSql,
  type WorldArea,
} from './planner-world-sql.repo.ts';

type ArtistRow = {
  name: string;
  genres: PlannerArtist['genres'];
  capacity: (typeof VENUE_CAPACITY_RANGES)[number];
  email: string;
  phone: string | null;
};

type CandidateRow = Omit<
  CandidateVenue,
  'calibration' | 'followersInReach' | 'genreFansInReach' | 'requestsInReach' | 'requestCity'
> & {
  source: CandidateVenue['calibration']['source'];
  calibrationShows: number;
  fillRate: number | null;
  revenuePerHead: number | null;
};

/**
 * '100-500' → 100..500, '5000+' → 5000..open, '< 100' → 1..99: the performer's own band, which the
 * planner uses when the prompt names no capacity.
 */
export function typicalCapacityOf(
  range: (typeof VENUE_CAPACITY_RANGES)[number],
): PlannerArtist['typicalCapacity'] {
  if (range.startsWith('<')) return { min: 1, max: Number(range.replace(/\D/g, '')) - 1 };
  if (range.endsWith('+')) return { min: Number(range.slice(0, -1)), max: null };
  const [min, max] = range.split('-').map(Number);
  return { min: min ?? 1, max: max ?? null };
}

/**
 * The places a plan may go, as one area: the regions' states, the named states, and the named
 * cities (and the fixed dates' cities, which must be reachable whatever else was said). Nothing
 * named means anywhere.
 */
export function areaOf(c: TTourConstraints): WorldArea {
  const states = new Set<string>(c.states);
  for (const region of c.regions) for (const state of TOUR_REGIONS[region]) states.add(state);
  const cities = [...c.cities, ...c.fixedDates].map(({ city, state }) => ({
    city: city.toLowerCase(),
    state,
  }));
  return { anywhere: states.size === 0 && c.cities.length === 0, states: [...states], cities };
}

/** How long Encore's median revenue a head is kept before it is read again. */
const MEDIAN_KEPT_MS = 5 * 60_000;

/** What the planner reads from the database, aggregates only (never an individual fan). */
export function createPlannerWorldRepo(
  orm: Orm,
  {
    now = Date.now,
    medianKeptMs = MEDIAN_KEPT_MS,
  }: { now?: () => number; medianKeptMs?: number } = {},
) {
  /** Demand around the candidates, from the fans counted per home point (fan_homes). */
  async function fansAround(
    artist: PlannerArtist,
    venues: { latitude: number; longitude: number }[],
  ) {
    const [homes, sets] = await Promise.all([
      orm.execute<{ homes: Buffer }>(fanHomesSql(artist, reachBox(venues))),
      orm.execute<{ id: number }>(genreSetsSql(artist)),
    ]);
    return placesFromFanHomes(
      homes.rows[0]?.homes ?? Buffer.alloc(0),
      sets.rows.map((row) => row.id),
    );
  }

  /**
   * Encore's median ticket revenue a head, the calibration of last resort: a percentile over
   * every result on Encore, kept for a few minutes (one new result barely moves the median of
   * thousands) rather than computed per plan.
   */
  let median: { until: number; perHead: Promise<number | null> } | null = null;
  function revenuePerHeadFallback(): Promise<number | null> {
    const at = now();
    if (median && median.until > at) return median.perHead;
    const perHead = orm
      .execute<{ perHead: number | null }>(sql`
        select percentile_cont(0.5) within group (order by gross_revenue / attendance)::float8
          as "perHead"
        from shows
        where attendance > 0 and gross_revenue is not null and starts_at < now()
          and status <> 'cancelled' and confirmation = 'confirmed'`)
      .then(({ rows }) => rows[0]?.perHead ?? null);
    const kept = { until: at + medianKeptMs, perHead };
    median = kept;
    // A failed read is not kept: the next plan asks again.
    perHead.catch(() => {
      if (median === kept) median = null;
    });
    return perHead;
  }

  return {
    /** The performer's profile facts; null when the user has no performer profile. */
    async loadArtist(performerId: string): Promise<PlannerArtist | null> {
      // Venues answer the booking contact: the agent when the performer named one.
      const { rows } = await orm.execute<ArtistRow>(sql`
        select pp.artist_name as name, pp.genres, pp.typical_venue_capacity as capacity,
          coalesce(pp.booking_agent_email, pp.email) as email,
          coalesce(pp.booking_agent_phone, pp.phone) as phone
        from performer_profiles pp
        join "user" u on u.id = pp.user_id and u.role = 'performer'
        where pp.user_id = ${performerId}`);
      const row = rows[0];
      if (!row) return null;
      return {
        performerId,
        name: row.name,
        genres: row.genres,
        typicalCapacity: typicalCapacityOf(row.capacity),
        // Performer profiles hold no city or ZIP: the tour starts wherever the plan says.
        home: null,
        email: row.email,
        phone: row.phone,
      };
    },

    /**
     * The Encore venues that fit (area, capacity band, the artist's genres in their show
     * history), each with booked nights in the window, demand in reach and its calibration.
     */
    async loadWorld(
      artist: PlannerArtist,
      constraints: ResolvedConstraints,
    ): Promise<PlannerWorld> {
      const [{ rows }, fallback] = await Promise.all([
        orm.execute<CandidateRow>(candidatesSql(artist, constraints, areaOf(constraints))),
        revenuePerHeadFallback(),
      ]);
      // Demand only around the candidates: fans counted per home point ahead (fan_homes), then
      // paired with the venues here (tens of thousands of points, not a million fans).
      const [places, asked] =
        rows.length === 0
          ? [[], []]
          : await Promise.all([
              fansAround(artist, rows),
              orm.execute<RequestsAtPlace>(showRequestsSql(artist)).then((result) => result.rows),
            ]);
      const reach = fansInReach(rows, places);
      const requests = requestsInReach(rows, asked);
      return {
        artist,
        candidates: rows.map(({ source, calibrationShows, fillRate, revenuePerHead, ...v }, i) => ({
          ...v,
          followersInReach: reach[i]?.followers ?? 0,
          genreFansInReach: reach[i]?.genreFans ?? 0,
          requestsInReach: requests[i]?.fans ?? 0,
          requestCity: requests[i]?.city ?? null,
          calibration: {
            source,
            shows: calibrationShows,
            fillRate: source === 'none' ? null : fillRate,
            revenuePerHead: source === 'none' ? null : revenuePerHead,
          },
        })),
        revenuePerHeadFallback: fallback,
      };
    },
  };
}

export type PlannerWorldRepo = ReturnType<typeof createPlannerWorldRepo>;
