/**
 * Show dates for tests, derived from today: next calendar year is always in the future and inside
 * the announce window (`localDateTimeProblem`: at most 5 years ahead), whenever the suite runs. A
 * fixed year would start failing the day it fell out of that window.
 */
export const YEAR = new Date().getFullYear() + 1;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The weekday of a day of next year as the app writes it ('Sat'), from 'Jun' and 14. */
export function weekday(month: string, day: number): string {
  const date = new Date(Date.UTC(YEAR, MONTHS.indexOf(month), day));
  return date.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
}
