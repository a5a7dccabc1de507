import { localToUtc, utcToLocal } from '../lib/local-time.ts';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export const addDays = (instant: Date, days: number): Date =>
  new Date(instant.getTime() + days * DAY_MS);

// Intl-based zone conversion costs tens of microseconds a call, and the demo makes thousands;
// today's date per zone and each day's UTC offset per zone are computed once instead.
const todays = new Map<string, string>();
const offsets = new Map<string, number>();

/** The local date ('YYYY-MM-DD') in a zone `days` after today's date there. */
export function localDate(now: Date, days: number, timeZone: string): string {
  const key = `${now.getTime()}|${timeZone}`;
  let today = todays.get(key);
  if (today === undefined) {
    today = utcToLocal(now, timeZone).slice(0, 10);
    todays.set(key, today);
  }
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y as number, (m as number) - 1, (d as number) + days))
    .toISOString()
    .slice(0, 10);
}

/**
 * localToUtc for a wall time from 03:00 on: the zone's offset at noon that day holds from the
 * daylight-saving switch (02:00) to midnight, which covers on-sale times and show times.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  const date = local.slice(0, 10);
  const key = `${date}|${timeZone}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = Date.parse(`${date}T12:00Z`) - localToUtc(`${date}T12:00`, timeZone).getTime();
    offsets.set(key, offset);
  }
  return new Date(Date.parse(`${local}Z`) - offset);
}

/**
 * The start of a show `days` from `now` (negative: in the past) at the venue's local `time`
 * ('HH:MM'), as the announce form would have sent it: local date-time plus the UTC instant.
 * Day 0 is never used, so a past show has started and an upcoming one has not.
 */
export function showStart(now: Date, days: number, time: string, timeZone: string) {
  const local = `${localDate(now, days, timeZone)}T${time}`;
  return { local, instant: zonedInstant(local, timeZone) };
}

/** A moment uniformly between two instants. */
export const between = (from: Date, to: Date, roll: number): Date =>
  new Date(from.getTime() + Math.max(0, to.getTime() - from.getTime()) * roll);
