import { TOUR_REGIONS } from '@encore/contract';
import { areaText, capacityText } from './constraint-text.ts';
import { dayNumber, shortDate, windowText } from './dates.ts';
import { fitSchedule } from './fit-schedule.ts';
import { fillableNights, type NightCalendar, nightCalendar, venueNights } from './nights.ts';
import { buildOutcome } from './plan-outcome.ts';
import { distanceMatrix } from './route-order.ts';
import type { Slot } from './schedule.ts';
import type { CandidateVenue, PlannerOutcome, PlannerWorld, ResolvedConstraints } from './types.ts';
import { type VenueFigures, venueFigures } from './venue-figures.ts';

/** A venue in play: its figures for ranking, the nights it can take, its pin when fixed. */
export type Option = { venue: CandidateVenue; figures: VenueFigures } & Slot;

/** Candidates kept for the O(n²) work: the best by expected revenue (plus fixed-date venues). */
const POOL_MIN = 60;
const POOL_PER_DATE = 4;

const fail = (message: string, field: Extract<PlannerOutcome, { ok: false }>['field']) =>
  ({ ok: false, message, field }) as const;

/**
 * The planner:
 * 1. keep the venues that fit the area and capacity band (else: capacityMin);
 * 2. pin each fixed date to the best venue of its city open and free that night (else: fixedDates);
 * 3. check that enough nights can be filled by distinct venues at all (else: dateCount);
 * 4. rank the rest by expected revenue, one venue per city first, and keep the best few dozen;
 * 5. choose and schedule (fit-schedule.ts): every choice for a small pool, else best-first
 *    growth, else drop-and-retry; each set is routed by the shortest open path (both ways) or
 *    by earliest nights, and each stop takes its earliest night the drive cap allows;
 * 6. when nothing fits, the drive cap is to blame if the same search fits without it
 *    (maxDriveMiles, naming the leg), else the nights (dateCount).
 */
export function planRoute(world: PlannerWorld, c: ResolvedConstraints): PlannerOutcome {
  const where = areaText(c);
  const inArea = where === '' ? '' : ` in ${where}`;
  const fitting = uniqueVenues(world.candidates).filter(
    (v) => v.capacity >= c.capacityMin && v.capacity <= c.capacityMax && inTheArea(v, c),
  );
  if (fitting.length === 0) {
    return fail(
      `No Encore venue${inArea} has ${capacityText(c.capacityMin, c.capacityMax)} capacity`,
      'capacityMin',
    );
  }
  const calendar = nightCalendar(c);
  const options: Option[] = fitting.map((venue) => ({
    venue,
    figures: venueFigures(venue, world.revenuePerHeadFallback),
    nights: venueNights(venue, calendar),
    pin: null,
  }));

  const pinned = pinFixedDates(options, c, calendar);
  if ('message' in pinned) return pinned;
  const free = options.filter((o) => o.pin === null && !pinned.includes(o) && o.nights.length > 0);

  const window = windowText(c.startDate, c.endDate);
  const lists = [...pinned.map((o) => [o.pin ?? 0]), ...free.map((o) => o.nights)];
  const fillable = fillableNights(lists, calendar.length, c.dateCount);
  if (fillable < c.dateCount) {
    if (pinned.length + free.length < c.dateCount) {
      const n = pinned.length + free.length;
      return fail(
        `Only ${n} Encore venue${n === 1 ? '' : 's'}${inArea} with ${capacityText(c.capacityMin, c.capacityMax)} capacity ${n === 1 ? 'has' : 'have'} a free night ${window}`,
        'dateCount',
      );
    }
    return fail(
      `Only ${fillable} night${fillable === 1 ? '' : 's'} ${window} fit the venues' open days and bookings`,
      'dateCount',
    );
  }

  const pool = rankPool(free, c.dateCount, pinned.length);
  const fitted = fitSchedule(pinned, pool, c.dateCount, c.maxDriveMiles);
  if (fitted.ok) return buildOutcome(world, fitted.options, fitted.schedule, calendar);

  // Which constraint broke: if the same venues fit without the drive cap, it was the cap.
  const uncapped = fitSchedule(pinned, pool, c.dateCount, Number.POSITIVE_INFINITY);
  if (uncapped.ok || fitted.driveLeg) {
    const leg = fitted.driveLeg ?? longestLeg(uncapped.ok ? uncapped.options : pinned);
    if (leg) {
      return fail(
        `The drive between ${leg[0].city} and ${leg[1].city} is over ${c.maxDriveMiles} miles a day`,
        'maxDriveMiles',
      );
    }
  }
  return fail(
    `${c.dateCount} dates ${window} do not fit the venues' open days and bookings`,
    'dateCount',
  );
}

function uniqueVenues(candidates: CandidateVenue[]): CandidateVenue[] {
  const seen = new Set<string>();
  return candidates.filter((v) => !seen.has(v.venueId) && seen.add(v.venueId));
}

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Regions, states and cities together are one area (their union); none means anywhere. */
function inTheArea(v: CandidateVenue, c: ResolvedConstraints): boolean {
  if (c.regions.length === 0 && c.states.length === 0 && c.cities.length === 0) return true;
  const states = new Set<string>([...c.states, ...c.regions.flatMap((r) => TOUR_REGIONS[r])]);
  if (states.has(v.state)) return true;
  return c.cities.some(
    (city) => sameCity(city.city, v.city) && (!city.state || city.state === v.state),
  );
}

/**
 * Each fixed date gets the best venue in its city (and state, if said) that is open and free that
 * night. A fixed date outranks a day off on the same night: it was asked for by name.
 */
function pinFixedDates(
  options: Option[],
  c: ResolvedConstraints,
  calendar: NightCalendar,
): Option[] | Extract<PlannerOutcome, { ok: false }> {
  const pinned: Option[] = [];
  const byDate = [...c.fixedDates].sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const fixed of byDate) {
    const night = dayNumber(fixed.date) - calendar.firstDay;
    const place = fixed.state ? `${fixed.city}, ${fixed.state}` : fixed.city;
    const when = shortDate(fixed.date);
    if (night < 0 || night >= calendar.length) {
      return fail(
        `The fixed date in ${place} on ${when} is outside the tour's dates`,
        'fixedDates',
      );
    }
    if (pinned.some((o) => o.pin === night)) {
      return fail(`Two fixed dates fall on ${when}: one night holds one show`, 'fixedDates');
    }
    const choice = options
      .filter(
        (o) =>
          o.pin === null &&
          sameCity(o.venue.city, fixed.city) &&
          (!fixed.state || fixed.state === o.venue.state) &&
          venueNights(o.venue, {
            ...calendar,
            playable: new Uint8Array(calendar.length).fill(1),
          }).includes(night),
      )
      .sort((a, b) => b.figures.score - a.figures.score)[0];
    if (!choice)
      return fail(`No Encore venue in ${place} is free and open on ${when}`, 'fixedDates');
    choice.pin = night;
    pinned.push(choice);
  }
  return pinned;
}

/**
 * The candidates in the order they are tried: the best venue of each city first (by expected
 * revenue), then second venues in a city; cut to the best few dozen before any O(n²) work.
 */
function rankPool(free: Option[], dateCount: number, pins: number): Option[] {
  const ranked = [...free].sort((a, b) => b.figures.score - a.figures.score);
  const cities = new Set<string>();
  const firsts: Option[] = [];
  const seconds: Option[] = [];
  for (const o of ranked) {
    const key = `${o.venue.city.trim().toLowerCase()}|${o.venue.state}`;
    (cities.has(key) ? seconds : firsts).push(o);
    cities.add(key);
  }
  return [...firsts, ...seconds].slice(0, Math.max(POOL_MIN, POOL_PER_DATE * (dateCount - pins)));
}

function longestLeg(options: Option[]): [CandidateVenue, CandidateVenue] | null {
  if (options.length < 2) return null;
  const dist = distanceMatrix(options.map((o) => o.venue));
  let best: [number, number] = [0, 1];
  for (let i = 0; i < options.length; i += 1) {
    for (let j = i + 1; j < options.length; j += 1) {
      if ((dist[i]?.[j] ?? 0) > (dist[best[0]]?.[best[1]] ?? 0)) best = [i, j];
    }
  }
  return [options[best[0]]?.venue as CandidateVenue, options[best[1]]?.venue as CandidateVenue];
}
