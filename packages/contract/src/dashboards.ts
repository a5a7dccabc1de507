import { DELIVERY_CHANNELS } from './alert-channels.ts';
import { AGE_RANGES, GENDERS, GENRES } from './options.ts';
import { ZShowStatus } from './shows.ts';
import { z } from './z.ts';

/**
 * The performer and venue dashboards (GET /api/dashboards/performer, /api/dashboards/venue).
 * Every figure is computed on the server from Encore's rows by one query per figure, the same
 * query the settings Analytics tab and the setup stats card use. Months are calendar months in
 * UTC, written 'YYYY-MM'. A figure that cannot be computed yet (no results entered, no tour) is
 * null, never zero, so the screen can say what to do instead of showing a false 0.
 * Rates (attendanceRate, capacityRate) are fractions (0.8 = 80%); growthPercent is already in %.
 * Money is in US dollars.
 */

/** Venue dashboard periods, in days; the first is the default (the seed's "last 30 days"). */
export const DASHBOARD_PERIODS = [30, 90, 365] as const;
export type TDashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: TDashboardPeriod = 30;
/** Audience groups smaller than this are never broken down (a product rule: no small group is picked apart). */
export const SMALL_GROUP_MIN = 5;
/** The performer dashboard's "Show requests" card lists this many cities at most. */
export const SHOW_REQUEST_CITIES = 10;
/** Past shows with gaps shorter than this many days between them make one tour. */
export const TOUR_GAP_DAYS = 30;

/** GET /api/dashboards/venue?period=30|90|365 (a missing period is the default). */
const PERIOD_MESSAGE = 'Choose 30, 90 or 365 days';
/** Any other value, a word or a number alike, gets the one message. */
export const ZDashboardPeriod = z.coerce
  .number({ error: PERIOD_MESSAGE })
  .refine((p): p is TDashboardPeriod => (DASHBOARD_PERIODS as readonly number[]).includes(p), {
    message: PERIOD_MESSAGE,
  });
export const ZVenueDashboardQuery = z.strictObject({
  period: ZDashboardPeriod.default(DEFAULT_DASHBOARD_PERIOD),
});

const ZMonth = z.string().regex(/^\d{4}-\d{2}$/);

/** One show in a dashboard list: enough to name it and link to it (its id routes the links). */
export const ZDashboardShow = z.object({
  id: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  status: ZShowStatus,
  genre: z.string(),
  performerName: z.string(),
  venueName: z.string(),
  city: z.string(),
  state: z.string(),
});
export type TDashboardShow = z.infer<typeof ZDashboardShow>;

/** Upcoming confirmed shows, soonest first, with fans marked going and ticket-link clicks. */
export const ZUpcomingDashboardShow = ZDashboardShow.extend({
  going: z.number().int(),
  ticketClicks: z.number().int(),
  daysToShow: z.number().int(),
});
export type TUpcomingDashboardShow = z.infer<typeof ZUpcomingDashboardShow>;
/** A past show with no results yet; `mayEnterResults` when the signed-in party enters them. */
export const ZAwaitingResultsShow = ZDashboardShow.extend({ mayEnterResults: z.boolean() });
export type TAwaitingResultsShow = z.infer<typeof ZAwaitingResultsShow>;
/** A show one party announced and the other has not confirmed (`waitingForMe` when it is mine to answer). */
export const ZPendingDashboardShow = ZDashboardShow.extend({ waitingForMe: z.boolean() });
export type TPendingDashboardShow = z.infer<typeof ZPendingDashboardShow>;

export const ZDashboardShowLists = z.object({
  upcoming: z.array(ZUpcomingDashboardShow),
  awaitingResults: z.array(ZAwaitingResultsShow),
  pendingConfirmation: z.array(ZPendingDashboardShow),
});

export const ZPerformerDashboard = z.object({
  followers: z.object({
    /** Fans with an active alert on this artist. */
    total: z.number().int(),
    /** Net followers gained this calendar month (follows minus unfollows), and last month. */
    gainedThisMonth: z.number().int(),
    gainedLastMonth: z.number().int(),
    /** gainedThisMonth vs gainedLastMonth in %, null when last month gained nothing. */
    growthPercent: z.number().nullable(),
    /** Followers at the end of each of the last 12 months, oldest first, this month last. */
    byMonth: z.array(z.object({ month: ZMonth, followers: z.number().int() })).length(12),
  }),
  /** Up to three cities (from followers' home ZIPs) with the most followers. */
  topCities: z.array(
    z.object({ city: z.string(), state: z.string(), followers: z.number().int() }),
  ),
  /**
   * The most recent tour: past confirmed shows with gaps under TOUR_GAP_DAYS. Attendance rate over
   * its shows whose results and venue capacity are known; merch per head over those with merch.
   * `attendance` is over the shows with results, `capacity` over those at an Encore venue (an
   * external venue has none); rates are fractions (0.82 is 82 %), money is rounded to cents.
   */
  lastTour: z
    .object({
      firstShow: z.string(),
      lastShow: z.string(),
      shows: z.number().int(),
      showsWithResults: z.number().int(),
      attendance: z.number().int(),
      capacity: z.number().int(),
      attendanceRate: z.number().nullable(),
      merchRevenue: z.number().nullable(),
      merchPerHead: z.number().nullable(),
    })
    .nullable(),
  /** Alerts set on this artist: all time (including ones later removed) and this month. */
  alertActivations: z.object({ allTime: z.number().int(), thisMonth: z.number().int() }),
  /** Alerts about this artist's shows delivered, per channel (every channel listed, zeros too). */
  alertsDelivered: z.array(
    z.object({ channel: z.enum(DELIVERY_CHANNELS), delivered: z.number().int() }),
  ),
  /**
   * Fans' open requests for a show near them (show_requests), per city of the place asked for,
   * most first, at most SHOW_REQUEST_CITIES. `fans` is null under SMALL_GROUP_MIN ("a few"), like
   * the other breakdowns; `total` counts every open request: 0 for none, null from 1 to 4.
   */
  showRequests: z.object({
    total: z.number().int().nullable(),
    cities: z.array(
      z.object({ city: z.string(), state: z.string(), fans: z.number().int().nullable() }),
    ),
  }),
  shows: ZDashboardShowLists,
});
export type TPerformerDashboard = z.infer<typeof ZPerformerDashboard>;

/** A breakdown cell: null when fewer than SMALL_GROUP_MIN fans are in it ("not enough data"). */
const ZGuardedCount = z.number().int().nullable();

export const ZVenueDashboard = z.object({
  period: z.number().int(),
  /** Past confirmed, not cancelled shows in the period, per genre (only genres with shows). */
  genres: z.array(
    z.object({
      genre: z.enum(GENRES),
      events: z.number().int(),
      attendance: z.number().int(),
      grossRevenue: z.number(),
    }),
  ),
  totals: z.object({
    events: z.number().int(),
    attendance: z.number().int(),
    grossRevenue: z.number(),
  }),
  /** Attendance per calendar month touched by the period, oldest first. */
  monthlyAttendance: z.array(z.object({ month: ZMonth, attendance: z.number().int() })),
  /**
   * Fans going to or who went to the venue's shows in the period (each fan once per show): its
   * confirmed, not cancelled shows starting from `period` days ago on, upcoming ones included.
   * Every count under SMALL_GROUP_MIN is null; averageAge is null under SMALL_GROUP_MIN fans; a
   * ZIP is listed only from SMALL_GROUP_MIN fans on.
   */
  audience: z.object({
    fans: z.number().int(),
    averageAge: z.number().nullable(),
    genders: z.array(z.object({ gender: z.enum(GENDERS), fans: ZGuardedCount })),
    ageRanges: z.array(z.object({ ageRange: z.enum(AGE_RANGES), fans: ZGuardedCount })),
    topZips: z.array(
      z.object({
        zipCode: z.string(),
        city: z.string(),
        state: z.string(),
        fans: z.number().int(),
      }),
    ),
  }),
  /**
   * Over the period's shows with results entered; null when none has results. averageAttendance
   * is whole people; capacityRate = attendance ÷ (max capacity × shows), a fraction.
   */
  revenue: z.object({
    showsWithResults: z.number().int(),
    averageAttendance: z.number().nullable(),
    capacityRate: z.number().nullable(),
    revenuePerShow: z.number().nullable(),
  }),
  shows: ZDashboardShowLists,
});
export type TVenueDashboard = z.infer<typeof ZVenueDashboard>;
