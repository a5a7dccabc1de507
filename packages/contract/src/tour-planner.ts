import { SHOW_DATE_YEARS_AHEAD } from './constants.ts';
import { isRealLocalDate, localDateTimeProblem } from './local-date-time.ts';
import { DAYS_OF_WEEK, US_STATES } from './options.ts';
import { zMultiLineText, zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * The tour-planning assistant (docs/areas/tour-planner.md). A performer writes
 * a prompt; the server reads it into constraints (a deterministic parser, or an optional
 * OpenAI-compatible model whose output must pass ZTourConstraints), picks Encore venues that fit,
 * estimates demand from aggregates only, routes the dates, and saves the plan. Every number comes
 * from the planner, never from a model. The response keeps the seed's shape (venues,
 * tourOptimization, outreachEmail) and adds the route, the reasons and what was understood.
 *
 * Dates are local calendar dates 'YYYY-MM-DD' (a night at a venue, in the venue's own zone).
 * Distances are miles (great-circle), money US dollars.
 */

export const TOUR_PLANNER_MESSAGES = {
  /** Seed: the prompt may not be blank. */
  promptRequired: 'Please enter your tour planning prompt',
  promptTooLong: 'Keep the prompt under 2,000 characters',
  /** A date read from the prompt past the shows' window (SHOW_DATE_YEARS_AHEAD). */
  promptTooFarAhead: `Tours can be planned up to ${SHOW_DATE_YEARS_AHEAD} years ahead: please choose dates before then`,
  /** A date read from the prompt before the shows' window (SHOW_DATE_YEARS_BACK). */
  promptLongPast: 'Those dates are long past: please choose dates still to come',
  dateFormat: 'Use a date such as 2027-03-14',
  /** Seed: the failure toast's fallbacks (title, description) and the success toast. */
  failedTitle: 'Failed to generate tour plan',
  failedDescription: 'Please try again',
  success: 'AI Agent analysis complete',
  /** Seed: '{Contact List or Email Draft} copied to clipboard'. */
  copied: (what: 'Contact List' | 'Email Draft') => `${what} copied to clipboard`,
  /** A city whose demand is under SMALL_GROUP_MIN fans: never a number. */
  fewFans: 'few fans',
  planNotFound: 'We could not find that tour plan',
  nameRequired: 'Please enter a name for this plan',
  dateOrder: 'The last date must be on or after the first',
  capacityOrder: 'The largest room must be at least the smallest',
  performersOnly: 'The tour planner is for performers',
  /** A plan's venues without their booking contacts: the performer's email is not verified yet. */
  verifyEmailForContacts: 'Verify your email to see venues’ booking contacts',
} as const;

export const TOUR_PROMPT_MAX = 2000;
/** Most dates one plan may hold. */
export const TOUR_DATES_MAX = 30;
/** Dates planned when the prompt names no number. */
export const TOUR_DATES_DEFAULT = 10;
/** The longest window one plan may span, in days. */
export const TOUR_WINDOW_MAX_DAYS = 366;
/** Driving per day when the prompt names no cap, in miles. */
export const TOUR_MAX_DRIVE_DEFAULT = 400;
export const TOUR_PLAN_NAME_MAX = 80;

/**
 * Regions a prompt may name, as US state codes (census regions and the common touring names).
 * The parser matches the names case-insensitively ("the northeast", "New England").
 */
export const TOUR_REGIONS = {
  Northeast: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'],
  'New England': ['CT', 'ME', 'MA', 'NH', 'RI', 'VT'],
  'Mid-Atlantic': ['NY', 'NJ', 'PA', 'DE', 'MD', 'DC'],
  Southeast: ['AL', 'FL', 'GA', 'KY', 'MS', 'NC', 'SC', 'TN', 'VA', 'WV'],
  South: [
    'AL',
    'AR',
    'DE',
    'DC',
    'FL',
    'GA',
    'KY',
    'LA',
    'MD',
    'MS',
    'NC',
    'OK',
    'SC',
    'TN',
    'TX',
    'VA',
    'WV',
  ],
  Midwest: ['IL', 'IN', 'IA', 'KS', 'MI', 'MN', 'MO', 'NE', 'ND', 'OH', 'SD', 'WI'],
  Southwest: ['AZ', 'NM', 'OK', 'TX', 'NV'],
  West: ['AK', 'AZ', 'CA', 'CO', 'HI', 'ID', 'MT', 'NV', 'NM', 'OR', 'UT', 'WA', 'WY'],
  'West Coast': ['CA', 'OR', 'WA'],
  'Pacific Northwest': ['OR', 'WA', 'ID'],
  'East Coast': [
    'ME',
    'NH',
    'MA',
    'RI',
    'CT',
    'NY',
    'NJ',
    'DE',
    'MD',
    'DC',
    'VA',
    'NC',
    'SC',
    'GA',
    'FL',
  ],
} as const satisfies Record<string, readonly (typeof US_STATES)[number][]>;
export type TTourRegion = keyof typeof TOUR_REGIONS;
export const TOUR_REGION_NAMES = Object.keys(TOUR_REGIONS) as [TTourRegion, ...TTourRegion[]];

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD', a real calendar date: what a saved plan holds. */
const zLocalDate = zSingleLineText()
  .regex(LOCAL_DATE, TOUR_PLANNER_MESSAGES.dateFormat)
  .refine(
    (date) => !LOCAL_DATE.test(date) || isRealLocalDate(date),
    TOUR_PLANNER_MESSAGES.dateFormat,
  );

/**
 * A date a plan may be asked for: real, and inside the shows' window (10 years back, 5 ahead;
 * localDateTimeProblem), so no night the planner works with is one Postgres or the show rules
 * refuse.
 */
const zPlanDate = zLocalDate.superRefine((date, ctx) => {
  const problem = isRealLocalDate(date) ? localDateTimeProblem(`${date}T00:00`) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const zState = z.enum(US_STATES, 'Please enter a US state code such as NY');
const zCityName = zSingleLineText().trim().min(2, 'City is required').max(100);
const zCapacity = z.number().int().min(1).max(100_000);

/** A city named in the prompt; `state` null when the prompt did not say (the planner resolves it). */
export const ZTourCity = z.strictObject({ city: zCityName, state: zState.nullable() });
export type TTourCity = z.infer<typeof ZTourCity>;

/** "must play Chicago on April 12": a night that has to be in the plan, in that city. */
const fixedDate = (date: typeof zLocalDate) =>
  z.strictObject({ date, city: zCityName, state: zState.nullable() });
export const ZFixedDate = fixedDate(zPlanDate);
export type TFixedDate = z.infer<typeof ZFixedDate>;

const constraints = (date: typeof zLocalDate) =>
  z
    .strictObject({
      regions: z.array(z.enum(TOUR_REGION_NAMES)).max(11),
      states: z.array(zState).max(60),
      cities: z.array(ZTourCity).max(TOUR_DATES_MAX),
      /** The window: first and last possible night. */
      startDate: date.nullable(),
      endDate: date.nullable(),
      dateCount: z.number().int().min(1).max(TOUR_DATES_MAX).nullable(),
      capacityMin: zCapacity.nullable(),
      capacityMax: zCapacity.nullable(),
      /** Most miles driven between two consecutive nights (per day between them). */
      maxDriveMiles: z.number().int().min(50).max(2000).nullable(),
      fixedDates: z.array(fixedDate(date)).max(TOUR_DATES_MAX),
      /** Nights off: particular dates, and weekdays never played ("no Mondays"). */
      daysOff: z.array(date).max(366),
      weekdaysOff: z.array(z.enum(DAYS_OF_WEEK)).max(6),
    })
    .refine((c) => !c.startDate || !c.endDate || c.endDate >= c.startDate, {
      message: TOUR_PLANNER_MESSAGES.dateOrder,
      path: ['endDate'],
    })
    .refine(
      (c) => c.capacityMin === null || c.capacityMax === null || c.capacityMax >= c.capacityMin,
      {
        message: TOUR_PLANNER_MESSAGES.capacityOrder,
        path: ['capacityMax'],
      },
    );

/**
 * What the planner plans from: given in a request (the "I understood" form), or the model's
 * reading of a prompt. Every field may be absent from a prompt: null / [] means "not said", and
 * the planner then uses the artist's profile (typical capacity, home city) or the defaults above;
 * `resolved` in the response shows what was actually used. Places: regions, states and cities
 * together are one area (their union); none means anywhere. Dates are real and within the shows'
 * window (zPlanDate).
 */
export const ZTourConstraints = constraints(zPlanDate);
export type TTourConstraints = z.infer<typeof ZTourConstraints>;
/**
 * The same, as a saved plan holds them: real dates, without the window, which moves with the
 * clock (a plan saved today must still open in ten years).
 */
export const ZSavedTourConstraints = constraints(zLocalDate);

export const EMPTY_TOUR_CONSTRAINTS: TTourConstraints = {
  regions: [],
  states: [],
  cities: [],
  startDate: null,
  endDate: null,
  dateCount: null,
  capacityMin: null,
  capacityMax: null,
  maxDriveMiles: null,
  fixedDates: [],
  daysOff: [],
  weekdaysOff: [],
};

/** Typed in a textarea: line breaks and tabs are kept, other control characters refused. */
const zPrompt = zMultiLineText(z.string(TOUR_PLANNER_MESSAGES.promptRequired))
  .trim()
  .min(1, TOUR_PLANNER_MESSAGES.promptRequired)
  .max(TOUR_PROMPT_MAX, TOUR_PLANNER_MESSAGES.promptTooLong);

/**
 * POST /api/tour-plans: plan and save. Without `constraints` the prompt is read into them; with
 * them (the performer corrected "I understood" in the form) they are used as given.
 */
export const ZTourPlanInput = z.strictObject({
  prompt: zPrompt,
  constraints: ZTourConstraints.optional(),
});
export type TTourPlanInput = z.input<typeof ZTourPlanInput>;

/** PUT /api/tour-plans/:id: plan a saved plan again from corrected constraints (same id, name). */
export const ZTourPlanRerun = z.strictObject({ constraints: ZTourConstraints });
/** PATCH /api/tour-plans/:id: rename. */
export const ZTourPlanRename = z.strictObject({
  name: zSingleLineText()
    .trim()
    .min(1, TOUR_PLANNER_MESSAGES.nameRequired)
    .max(TOUR_PLAN_NAME_MAX, `Keep the name under ${TOUR_PLAN_NAME_MAX} characters`),
});

/** Where the expected turnout comes from: this venue's past results, similar venues', or none. */
export const CALIBRATION_SOURCES = ['venue', 'similar', 'none'] as const;

/**
 * One chosen venue: the seed's fields, then why, and the figures behind estimatedDemand. Its
 * booking contacts (the venue's booking email and phone, as the venue has them when the plan is
 * read) go only to a performer whose email is verified; null otherwise (ZTourPlan.contactsHidden).
 */
export const ZTourVenue = z.object({
  venueId: z.string(),
  venueName: z.string(),
  city: z.string(),
  state: z.string(),
  capacity: z.number().int(),
  contactEmail: z.string().nullable(),
  bookingPhone: z.string().nullable(),
  /** Fans within reach (this artist's followers + fans of its genres whose radius reaches the venue); null under SMALL_GROUP_MIN ("few fans"). */
  estimatedDemand: z.number().int().nullable(),
  expectedAttendance: z.number().int(),
  expectedRevenue: z.number(),
  calibration: z.enum(CALIBRATION_SOURCES),
  /** One line: why this venue ("312 of your followers within reach; hosted 14 Indie shows; 78% full on average"). */
  why: z.string(),
});
export type TTourVenue = z.infer<typeof ZTourVenue>;

/** One night of the route, in order; driveMiles null for the first stop. */
export const ZTourStop = z.object({
  stop: z.number().int(),
  date: z.string(),
  venueId: z.string(),
  venueName: z.string(),
  city: z.string(),
  state: z.string(),
  driveMiles: z.number().nullable(),
});
export type TTourStop = z.infer<typeof ZTourStop>;

export const ZTourOptimization = z.object({
  /** Straight-line lower bound on the route ÷ the route's length, 0–1 (1 = nothing shorter exists). */
  routeEfficiency: z.number(),
  /** Miles from the first stop to the last, stop to stop. */
  totalDistance: z.number(),
  estimatedRevenue: z.number(),
  /** How routeEfficiency was computed, in one or two sentences. */
  explanation: z.string(),
});

/** A saved plan, whole (POST, PUT and GET /api/tour-plans/:id). */
export const ZTourPlan = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the prompt was read as (before defaults): the form's correction fields start from it. */
  constraints: ZSavedTourConstraints,
  /** What was planned with, defaults filled in (window, count, capacity, drive cap). */
  resolved: ZSavedTourConstraints,
  /** "I understood: 10 dates in the Northeast between Mar 1 and Mar 31, 2027, rooms of 500–1,000, at most 300 miles a day." */
  understood: z.string(),
  venues: z.array(ZTourVenue),
  /**
   * True when the venues' booking contacts are withheld because the performer's email is not
   * verified (second security probe, finding 5): the planner says so, with the way to verify it.
   */
  contactsHidden: z.boolean(),
  route: z.array(ZTourStop),
  tourOptimization: ZTourOptimization,
  outreachEmail: z.string(),
});
export type TTourPlan = z.infer<typeof ZTourPlan>;

/** GET /api/tour-plans: the performer's saved plans, newest first. */
export const ZTourPlanSummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dates: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  estimatedRevenue: z.number(),
});
export type TTourPlanSummary = z.infer<typeof ZTourPlanSummary>;
export const ZTourPlanList = z.object({ plans: z.array(ZTourPlanSummary) });
