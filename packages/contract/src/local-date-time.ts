import { SHOW_DATE_YEARS_AHEAD, SHOW_DATE_YEARS_BACK } from './constants.ts';
import { SHOW_MESSAGES as S } from './show-messages.ts';

/** 'YYYY-MM-DDTHH:MM' as typed in a datetime-local input, in the venue's own time zone. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * What is wrong with a show's local date-time, or null when nothing is: the form's format, a real
 * calendar date and time (no February 30, month 13 or 24:00, which Date would quietly roll over
 * into another day), and the window of SHOW_DATE_YEARS_BACK to SHOW_DATE_YEARS_AHEAD around now.
 * The window reads the wall clock as UTC: a zone's offset (under a day) does not matter at a scale
 * of years. The form, the API's schema and the server's zone conversion all ask this one function.
 */
export function localDateTimeProblem(local: string, now: number = Date.now()): string | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return S.dateRequired;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59) return S.dateNotReal;
  // setUTCFullYear, since Date.UTC reads years 0 to 99 as 1900 to 1999.
  const wall = new Date(0).setUTCFullYear(year, month - 1, day) + (hour * 60 + minute) * 60_000;
  if (wall > yearsFrom(now, SHOW_DATE_YEARS_AHEAD)) return S.dateTooFar;
  if (wall < yearsFrom(now, -SHOW_DATE_YEARS_BACK)) return S.dateTooOld;
  return null;
}

/** 'YYYY-MM-DD' naming a real calendar day: no February 30 or month 13, which Date rolls over. */
export function isRealLocalDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isRealDay(year, month, day);
}

function isRealDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function daysIn(year: number, month: number): number {
  if (month !== 2) return [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

function yearsFrom(now: number, years: number): number {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}
