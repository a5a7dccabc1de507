import {
  TOUR_DATES_DEFAULT,
  TOUR_DATES_MAX,
  TOUR_MAX_DRIVE_DEFAULT,
  TOUR_WINDOW_MAX_DAYS,
  type TTourConstraints,
} from '@encore/contract';
import { CAPACITY_NO_LIMIT } from './constraint-text.ts';
import { addDays } from './dates.ts';
import { planRoute } from './plan-route.ts';
import { lastPlannableNight } from './plannable-dates.ts';
import type { PlannerArtist, PlannerOutcome, PlannerWorld, ResolvedConstraints } from './types.ts';

/** With no dates in the prompt, the window opens a week from today (time to confirm) … */
const DEFAULT_WINDOW_LEAD_DAYS = 7;
/** … and lasts 30 more days. */
const DEFAULT_WINDOW_DAYS = 30;
/** An open end ("starting April 5") spans this many days. */
const OPEN_END_DAYS = 30;

/**
 * Fills what the prompt left out:
 * - window: both ends as given; only a start → 30 days from it; only an end → the 30 days before
 *   it; nothing → today + 7 to today + 37. It never opens before tomorrow, always covers the fixed
 *   dates (a fixed night outside the window is still meant), spans at most a year, and ends by
 *   the last night a show may be on (5 years ahead: lastPlannableNight).
 * - dateCount: TOUR_DATES_DEFAULT, and at least the number of fixed dates.
 * - capacity band: the artist's typical capacity (a profile band without a top, '5000+', means any
 *   room from its bottom up); one end given → the other open (1, or no limit).
 * - drive cap: TOUR_MAX_DRIVE_DEFAULT miles a day.
 */
export function resolveConstraints(
  constraints: TTourConstraints,
  artist: PlannerArtist,
  today: string,
): ResolvedConstraints {
  const tomorrow = addDays(today, 1);
  let start =
    constraints.startDate ??
    (constraints.endDate
      ? addDays(constraints.endDate, -OPEN_END_DAYS)
      : addDays(today, DEFAULT_WINDOW_LEAD_DAYS));
  let end =
    constraints.endDate ??
    (constraints.startDate ? addDays(start, OPEN_END_DAYS) : addDays(start, DEFAULT_WINDOW_DAYS));
  const fixed = constraints.fixedDates.map((f) => f.date).filter((date) => date >= tomorrow);
  for (const date of fixed) {
    if (date < start) start = date;
    if (date > end) end = date;
  }
  if (start < tomorrow) start = tomorrow;
  if (end < start) end = start;
  const lastNight = lastPlannableNight(today);
  const latest = addDays(start, TOUR_WINDOW_MAX_DAYS - 1);
  if (end > latest) end = latest;
  if (end > lastNight) end = lastNight;
  if (start > end) start = end;

  const saidCapacity = constraints.capacityMin !== null || constraints.capacityMax !== null;
  const capacityMin = saidCapacity ? (constraints.capacityMin ?? 1) : artist.typicalCapacity.min;
  const capacityMax = saidCapacity
    ? (constraints.capacityMax ?? CAPACITY_NO_LIMIT)
    : (artist.typicalCapacity.max ?? CAPACITY_NO_LIMIT);

  return {
    ...constraints,
    startDate: start,
    endDate: end,
    dateCount: Math.min(
      TOUR_DATES_MAX,
      Math.max(constraints.dateCount ?? TOUR_DATES_DEFAULT, constraints.fixedDates.length),
    ),
    capacityMin: Math.max(1, Math.min(capacityMin, capacityMax)),
    capacityMax: Math.max(capacityMin, capacityMax),
    maxDriveMiles: constraints.maxDriveMiles ?? TOUR_MAX_DRIVE_DEFAULT,
  };
}

/**
 * Chooses venues and nights that maximise expected revenue under the drive cap, weekdays open,
 * booked nights, days off and fixed dates, and orders them into a route (exact shortest open
 * path up to 12 stops, else nearest neighbour + 2-opt + or-opt). See plan-route.ts.
 */
export function planTour(world: PlannerWorld, constraints: ResolvedConstraints): PlannerOutcome {
  return planRoute(world, constraints);
}
