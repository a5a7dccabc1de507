import { DAYS_OF_WEEK } from '@encore/contract';
import { dayNumber, weekdayIndex } from './dates.ts';
import type { CandidateVenue, ResolvedConstraints } from './types.ts';

/*
 * Nights are indices into the window (0 = its first night). A venue can take a night when it is
 * open that weekday, has nothing booked, and the night is not a day off or a weekday off.
 */

export type NightCalendar = {
  firstDay: number;
  length: number;
  /** Per night: not a day off nor a weekday off. */
  playable: Uint8Array;
  /** Per night: its weekday (index into DAYS_OF_WEEK). */
  weekday: Uint8Array;
};

export function nightCalendar(c: ResolvedConstraints): NightCalendar {
  const firstDay = dayNumber(c.startDate);
  const length = dayNumber(c.endDate) - firstDay + 1;
  const off = new Set(c.daysOff.map(dayNumber));
  const weekdaysOff = new Set(c.weekdaysOff.map((day) => DAYS_OF_WEEK.indexOf(day)));
  const playable = new Uint8Array(length);
  const weekday = new Uint8Array(length);
  for (let t = 0; t < length; t += 1) {
    weekday[t] = weekdayIndex(firstDay + t);
    playable[t] = off.has(firstDay + t) || weekdaysOff.has(weekday[t] ?? 0) ? 0 : 1;
  }
  return { firstDay, length, playable, weekday };
}

/** The nights (ascending) this venue can take; `ignoreDaysOff` for a fixed date, which wins. */
export function venueNights(
  venue: CandidateVenue,
  calendar: NightCalendar,
  ignoreDaysOff = false,
): number[] {
  const open = new Uint8Array(7);
  for (const day of venue.operatingDays) open[DAYS_OF_WEEK.indexOf(day)] = 1;
  const booked = new Set(venue.bookedDates.map(dayNumber));
  const nights: number[] = [];
  for (let t = 0; t < calendar.length; t += 1) {
    if (!open[calendar.weekday[t] ?? 0] || booked.has(calendar.firstDay + t)) continue;
    if (ignoreDaysOff || calendar.playable[t]) nights.push(t);
  }
  return nights;
}

/**
 * The most nights that distinct venues can fill (one night per venue, one venue per night), up
 * to `enough`: Kuhn's augmenting paths from the nights' side. Pinned venues take only their pin.
 */
export function fillableNights(
  venueNightLists: number[][],
  nightCount: number,
  enough: number,
): number {
  const venuesByNight: number[][] = Array.from({ length: nightCount }, () => []);
  venueNightLists.forEach((nights, venue) => {
    for (const t of nights) venuesByNight[t]?.push(venue);
  });
  const nightOfVenue = new Int32Array(venueNightLists.length).fill(-1);
  let matched = 0;
  for (let t = 0; t < nightCount && matched < enough; t += 1) {
    const seen = new Uint8Array(venueNightLists.length);
    if (augment(t, venuesByNight, nightOfVenue, seen)) matched += 1;
  }
  return matched;
}

function augment(
  night: number,
  venuesByNight: number[][],
  nightOfVenue: Int32Array,
  seen: Uint8Array,
): boolean {
  for (const venue of venuesByNight[night] ?? []) {
    if (seen[venue]) continue;
    seen[venue] = 1;
    const taken = nightOfVenue[venue] ?? -1;
    if (taken === -1 || augment(taken, venuesByNight, nightOfVenue, seen)) {
      nightOfVenue[venue] = night;
      return true;
    }
  }
  return false;
}

/** First index in ascending `nights` with a value ≥ `from`, or -1. */
export function firstNightFrom(nights: number[], from: number): number {
  let lo = 0;
  let hi = nights.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((nights[mid] ?? 0) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < nights.length ? (nights[lo] ?? -1) : -1;
}
