import type {
  DAYS_OF_WEEK,
  GENRES,
  TTourConstraints,
  TTourStop,
  TTourVenue,
} from '@encore/contract';

type TGenre = (typeof GENRES)[number];
type TDayOfWeek = (typeof DAYS_OF_WEEK)[number];

/**
 * A chosen venue as the planner makes it and a plan stores it: without its booking contacts,
 * which the service adds when a plan is read, for a performer whose email is verified (second security probe,
 * finding 5).
 */
export type PlannedVenue = Omit<TTourVenue, 'contactEmail' | 'bookingPhone'>;

/*
 * The tour planner's inside, between its three parts:
 *   parse-prompt.ts   prompt → TTourConstraints (deterministic; the optional model's output must
 *                     pass the same schema, else this parser is used)
 *   repositories/tour-planner/planner-world.repo.ts   resolved constraints → PlannerWorld
 *                     (candidate venues with demand and calibration, aggregates only)
 *   plan-tour.ts      PlannerWorld + resolved constraints → PlannerOutcome (choice, dates, route)
 * The service (services/tour-planner.service.ts) resolves defaults, runs the three, writes the
 * words (describe.ts, or the model for the email) and saves the plan.
 */

/** The performer's own facts the planner uses. */
export interface PlannerArtist {
  performerId: string;
  name: string;
  genres: TGenre[];
  /** From performer_profiles.typical_venue_capacity ('100-500' → 100..500; '5000+' → 5000..null). */
  typicalCapacity: { min: number; max: number | null };
  /** The artist's home, when known (the tour may start near it); null otherwise. */
  home: { city: string; state: string; latitude: number; longitude: number } | null;
  email: string;
  phone: string | null;
}

/**
 * Constraints with every default filled in: window, count, capacity band and drive cap are never
 * null here (`resolveConstraints` in plan-tour.ts makes them from the artist and today).
 */
export type ResolvedConstraints = TTourConstraints & {
  startDate: string;
  endDate: string;
  dateCount: number;
  capacityMin: number;
  capacityMax: number;
  maxDriveMiles: number;
};

/** Where a venue's expected turnout comes from (contract CALIBRATION_SOURCES). */
export interface Calibration {
  source: 'venue' | 'similar' | 'none';
  /** Past shows with results the figures come from (0 for 'none'). */
  shows: number;
  /** Average attendance ÷ capacity over those shows (0–1); null for 'none'. */
  fillRate: number | null;
  /** Average gross revenue ÷ attendance over those shows, in dollars; null for 'none'. */
  revenuePerHead: number | null;
}

/** One Encore venue that fits the area, capacity band and the artist's genres. */
export interface CandidateVenue {
  venueId: string;
  venueName: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  capacity: number;
  operatingDays: TDayOfWeek[];
  /** Local dates in the window already taken: a live (not cancelled) show, or a held booking. */
  bookedDates: string[];
  /** Past confirmed shows at this venue in the artist's genres. */
  genreShows: number;
  /** This artist's current followers whose radius reaches the venue. */
  followersInReach: number;
  /** Other fans with one of the artist's genres among favourites whose radius reaches it. */
  genreFansInReach: number;
  /** Fans with an open request for a show whose place the venue is within their radius of. */
  requestsInReach: number;
  /** The city most of those fans asked for ("Denver"); null when none. */
  requestCity: string | null;
  calibration: Calibration;
}

export interface PlannerWorld {
  artist: PlannerArtist;
  candidates: CandidateVenue[];
  /** Median ticket revenue per head over all results on Encore (for 'none' calibrations); null with no results anywhere. */
  revenuePerHeadFallback: number | null;
}

/** A chosen venue with its night, before the words (why) are final. */
export interface PlannedStop extends Omit<TTourStop, 'stop' | 'driveMiles'> {
  driveMiles: number | null;
}

export type PlannerOutcome =
  | {
      ok: true;
      venues: PlannedVenue[];
      route: TTourStop[];
      totalDistance: number;
      /** Straight-line lower bound ÷ route length, 0–1. */
      routeEfficiency: number;
      estimatedRevenue: number;
      /** How routeEfficiency was computed, one sentence (the contract's tourOptimization.explanation). */
      explanation: string;
    }
  | {
      ok: false;
      /** Names the constraint that could not be met ("No Encore venue in the Northeast has 500–1,000 capacity"). */
      message: string;
      /** The constraint's field in TTourConstraints, for the form to point at. */
      field: keyof TTourConstraints;
    };
