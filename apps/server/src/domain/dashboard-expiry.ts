/**
 * When a cached booker dashboard stops being true without any write (http/private-cache.ts):
 * its answer depends on now() through shows starting (upcoming to past), shows leaving the
 * venue's period, days to a show (counted in the show's zone) and the UTC months of the charts.
 */

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * Every zone is offset from UTC by whole quarter hours, so a day (in any show's zone) or a UTC
 * month turns only on a quarter hour: the cached page lives at most to the next one.
 */
export const nextQuarterHour = (nowMs: number): number =>
  (Math.floor(nowMs / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;

/** The first instant the page may change by time alone: the earliest of `instants` or the next quarter hour. */
export function dashboardChangesAt(
  nowMs: number,
  instants: ReadonlyArray<number | null | undefined>,
): number {
  const known = instants.filter((at): at is number => typeof at === 'number');
  return Math.min(nextQuarterHour(nowMs), ...known);
}
