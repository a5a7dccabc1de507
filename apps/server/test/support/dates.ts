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

/**
 * A show's date and time as alert texts write it for a day of next year, which is never the
 * current year, so the year is said: 'Sat, Jun 14, 2027, 8:00 PM', and its zone when the fan's
 * own tells the time otherwise: 'Sat, Jun 14, 2027, 8:00 PM CDT'.
 */
export function alertWhen(month: string, day: number, time: string, zone?: string): string {
  return `${weekday(month, day)}, ${month} ${day}, ${YEAR}, ${time}${zone ? ` ${zone}` : ''}`;
}
