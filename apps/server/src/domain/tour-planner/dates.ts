import { DAYS_OF_WEEK } from '@encore/contract';

export type TDayOfWeek = (typeof DAYS_OF_WEEK)[number];

/*
 * Local calendar dates ('YYYY-MM-DD') as whole day numbers (days since 1970-01-01), so the planner
 * adds, compares and counts nights with integers. No time zone is involved: a night is a venue's
 * own calendar date.
 */

const MS_PER_DAY = 86_400_000;
export const MONTH_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / MS_PER_DAY);
}

export function dateOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** A valid calendar date from parts (month 1–12), or null (Feb 30). */
export function makeDate(year: number, month: number, day: number): string | null {
  const ms = Date.UTC(year, month - 1, day);
  const made = new Date(ms);
  if (made.getUTCMonth() !== month - 1 || made.getUTCDate() !== day) return null;
  return made.toISOString().slice(0, 10);
}

export function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** Index into DAYS_OF_WEEK (Monday first). 1970-01-01 was a Thursday. */
export function weekdayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function weekdayOf(date: string): TDayOfWeek {
  return DAYS_OF_WEEK[weekdayIndex(dayNumber(date))] as TDayOfWeek;
}

export const yearOf = (date: string) => Number(date.slice(0, 4));
export const monthOf = (date: string) => Number(date.slice(5, 7));

/** 'Mar 1' (or 'Mar 1, 2027' with the year). */
export function shortDate(date: string, withYear = false): string {
  const text = `${MONTH_SHORT[monthOf(date) - 1]} ${Number(date.slice(8, 10))}`;
  return withYear ? `${text}, ${yearOf(date)}` : text;
}

/** 'between Mar 1 and Mar 31, 2027'; both years when the window crosses one. */
export function windowText(start: string, end: string): string {
  if (start === end) return `on ${shortDate(start, true)}`;
  const sameYear = yearOf(start) === yearOf(end);
  return `between ${shortDate(start, !sameYear)} and ${shortDate(end, true)}`;
}
