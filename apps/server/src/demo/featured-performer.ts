import type { AlertRow, DemoFan, DemoPerformer, DemoVenue } from './demo-rows.ts';
import { addDays } from './demo-time.ts';
import { cityNamed } from './featured.ts';
import { alertChannels } from './generate-activity.ts';
import type { ShowPlan } from './generate-shows.ts';
import type { Random } from './prng.ts';

/**
 * What makes the demo performer's dashboard worth opening: two tours in the past (a
 * tour is past shows with gaps under TOUR_GAP_DAYS), the last one with results and merch at
 * Encore venues and one show at a venue not on Encore still waiting for the performer's results,
 * more upcoming shows (ticket clicks come from generate-clicks.ts), and followers gained month
 * after month across the country. The performer plays no other show (generate.ts leaves it out
 * of the random ones), so its tours stay the ones drawn here.
 */

/**
 * Days from today. Gaps are at most 8 days; a show moves up to 6 days to its venue's next open
 * night, so the last tour's shows stay under 30 days apart, and the 48 days between the tours
 * stay over 30. Featured.ts already places -3 (the fan's venue), -20, -47, -130, -160 and -200.
 */
const LAST_TOUR_DAYS = [-10, -15, -28, -36, -41];
const OLDER_TOUR_DAYS = [-95, -103, -110, -118, -138, -146];
/** Played in Philadelphia at a venue not on Encore: the performer enters its results itself. */
const AWAITING_RESULTS_DAY = -5;
const MORE_UPCOMING_DAYS = [17, 31];

export function performerTourPlans(
  performer: DemoPerformer,
  far: (i: number) => DemoVenue,
): ShowPlan[] {
  // Venues away from home, each tour through different ones (featured.ts uses far(0) to far(3)).
  const at = (venue: DemoVenue, days: number): ShowPlan => ({ performer, venue, days, firm: true });
  return [
    ...LAST_TOUR_DAYS.map((days, i) => at(far(4 + i), days)),
    ...OLDER_TOUR_DAYS.map((days, i) => at(far(10 + i), days)),
    ...MORE_UPCOMING_DAYS.map((days, i) => at(far(20 + i), days)),
    // Announced last week: its followers have the alert in their notification centres, so the
    // dashboard's "alerts delivered" counts them (older events were matched before the load).
    { ...at(far(22), 110), announcedDaysAgo: 6 },
    {
      performer,
      venue: null,
      externalCity: cityNamed('Philadelphia'),
      days: AWAITING_RESULTS_DAY,
      firm: true,
    },
  ];
}

/** How many fans start following the demo performer over the last 12 months. */
export const NEW_FOLLOWERS = 520;

/**
 * Followers gained over the last year, more each month than the one before (the age of a follow
 * is drawn as 1 − √u of a year, so its density grows towards today), from fans wherever they
 * live: the fans are spread over the demo's cities by their scene's size.
 */
export function growingFollowers(
  random: Random,
  now: Date,
  performer: DemoPerformer,
  fans: readonly DemoFan[],
  alerts: readonly AlertRow[],
): AlertRow[] {
  const following = new Set(
    alerts.filter((a) => a.performerId === performer.user.id).map((a) => a.fanId),
  );
  const candidates = fans.filter((f) => !following.has(f.user.id));
  return random.sample(candidates, NEW_FOLLOWERS).map((fan) => {
    // At least a couple of hours ago: nothing is dated after the load.
    const ageDays = Math.max(0.1, 365 * (1 - Math.sqrt(random.next())));
    return {
      fanId: fan.user.id,
      performerId: performer.user.id,
      channels: alertChannels(random, fan),
      createdAt: addDays(now, -ageDays),
    };
  });
}
