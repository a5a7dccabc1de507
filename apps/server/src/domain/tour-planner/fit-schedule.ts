import type { Option } from './plan-route.ts';
import { type Distances, distanceMatrix, shortestOpenPath } from './route-order.ts';
import { earliestFirstOrder, type Schedule, scheduleOrder, shortenFitting } from './schedule.ts';
import type { CandidateVenue } from './types.ts';

/** Schedules tried while swapping rejected venues back in, at most (keeps 2,000 venues fast). */
const SWAP_ATTEMPTS_MAX = 150;

export type Fit =
  | { ok: true; options: Option[]; schedule: Extract<Schedule, { ok: true }> }
  | { ok: false; driveLeg: [CandidateVenue, CandidateVenue] | null };

/**
 * Takes the best venues in pool order and tries to schedule them; when no order fits, drops the
 * weaker venue of the leg that broke and takes the next in the pool. Once a set fits, the venues
 * dropped on the way get another chance: each is swapped in for a weaker chosen one whenever the
 * set still fits, which recovers plans a single greedy drop missed.
 */
export function fitSchedule(
  pinned: Option[],
  pool: Option[],
  dateCount: number,
  maxDrive: number,
): Fit {
  const fit =
    everyChoice(pinned, pool, dateCount, maxDrive) ??
    growGreedily(pinned, pool, dateCount, maxDrive) ??
    fitByDropping(pinned, pool, dateCount, maxDrive);
  if (!fit.ok) return fit;
  const dist = distanceMatrix(fit.options.map((o) => o.venue));
  return { ...fit, schedule: shortenFitting(fit.schedule, fit.options, dist, maxDrive) };
}

/** Choices tried one by one when the pool is this small (7 venues for 4 dates: 35). */
const EVERY_CHOICE_MAX = 400;

/**
 * A small world is solved exactly: every choice of venues, best first (fewest cities played twice,
 * then most expected revenue), until one fits. Null when there are too many choices, or none fits.
 */
function everyChoice(
  pinned: Option[],
  pool: Option[],
  dateCount: number,
  maxDrive: number,
): Fit | null {
  const size = dateCount - pinned.length;
  if (size < 0 || choose(pool.length, size) > EVERY_CHOICE_MAX) return null;
  const choices: Option[][] = [];
  const pick = (from: number, picked: Option[]) => {
    if (picked.length === size) choices.push([...pinned, ...picked]);
    else for (let i = from; i < pool.length; i += 1) pick(i + 1, [...picked, pool[i] as Option]);
  };
  pick(0, []);
  const repeats = (set: Option[]) => set.length - new Set(set.map(cityKey)).size;
  const total = (set: Option[]) => set.reduce((sum, o) => sum + o.figures.score, 0);
  choices.sort((a, b) => repeats(a) - repeats(b) || total(b) - total(a));
  for (const set of choices) {
    const schedule = bestSchedule(set, maxDrive);
    if (schedule.ok) return { ok: true, options: set, schedule };
  }
  return null;
}

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
}

/**
 * Adds venues best first, each only if the tour still fits with it; null when the pool runs out
 * first (an early pick may have crowded out later ones: dropping then gets its turn).
 */
function growGreedily(
  pinned: Option[],
  pool: Option[],
  dateCount: number,
  maxDrive: number,
): Fit | null {
  const chosen = [...pinned];
  const skipped: Option[] = [];
  let schedule = chosen.length > 0 ? bestSchedule(chosen, maxDrive) : null;
  if (schedule && !schedule.ok) return null;
  for (let i = 0; i < pool.length && chosen.length < dateCount; i += 1) {
    const incoming = pool[i] as Option;
    const trial = bestSchedule([...chosen, incoming], maxDrive);
    if (trial.ok) {
      chosen.push(incoming);
      schedule = trial;
    } else skipped.push(incoming);
  }
  if (chosen.length < dateCount || !schedule?.ok) return null;
  return improveBySwaps(chosen, schedule, skipped, maxDrive);
}

/**
 * Takes the dateCount best, and while no order fits drops the weaker venue of the leg that broke
 * for the next in the pool.
 */
function fitByDropping(pinned: Option[], pool: Option[], dateCount: number, maxDrive: number): Fit {
  const chosen = [...pinned, ...pool.slice(0, dateCount - pinned.length)];
  const dropped: Option[] = [];
  let next = dateCount - pinned.length;
  let driveLeg: [CandidateVenue, CandidateVenue] | null = null;
  for (;;) {
    const attempt = bestSchedule(chosen, maxDrive);
    if (attempt.ok)
      return improveBySwaps(chosen, attempt, [...dropped, ...pool.slice(next)], maxDrive);
    if (attempt.from !== null && attempt.driveBlocked) {
      driveLeg = [
        chosen[attempt.from]?.venue as CandidateVenue,
        chosen[attempt.to]?.venue as CandidateVenue,
      ];
    }
    const suspects = [attempt.from, attempt.to]
      .filter((i): i is number => i !== null && chosen[i]?.pin === null)
      .sort((a, b) => (chosen[a]?.figures.score ?? 0) - (chosen[b]?.figures.score ?? 0));
    const replacement = pool[next];
    if (suspects[0] === undefined || !replacement) return { ok: false, driveLeg };
    dropped.push(...chosen.splice(suspects[0], 1, replacement));
    next += 1;
  }
}

const cityKey = (o: Option) => `${o.venue.city.trim().toLowerCase()}|${o.venue.state}`;

function improveBySwaps(
  chosen: Option[],
  schedule: Extract<Schedule, { ok: true }>,
  others: Option[],
  maxDrive: number,
): Fit {
  let current = { options: [...chosen], schedule };
  let attempts = 0;
  const candidates = [...others].sort((a, b) => b.figures.score - a.figures.score);
  for (const incoming of candidates) {
    const city = cityKey(incoming);
    const weaker = current.options
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => o.pin === null && o.figures.score < incoming.figures.score)
      // A second venue in a city only replaces that city's own venue (one per city first).
      .filter(
        ({ o, i }) =>
          current.options.every((other, k) => k === i || cityKey(other) !== city) ||
          cityKey(o) === city,
      )
      .sort((a, b) => a.o.figures.score - b.o.figures.score);
    for (const { i } of weaker) {
      if (attempts >= SWAP_ATTEMPTS_MAX) return { ok: true, ...current };
      attempts += 1;
      const trial = current.options.map((o, k) => (k === i ? incoming : o));
      const s = bestSchedule(trial, maxDrive);
      if (s.ok) {
        current = { options: trial, schedule: s };
        break;
      }
    }
  }
  return { ok: true, ...current };
}

/** Up to this many stops every order is tried (5,040 at 7), so a short tour is never missed. */
const EVERY_ORDER_MAX = 7;

const ordersBySize = new Map<number, number[][]>();
function everyOrder(n: number): number[][] {
  const known = ordersBySize.get(n);
  if (known) return known;
  const orders =
    n === 0
      ? [[]]
      : everyOrder(n - 1).flatMap((order) =>
          Array.from({ length: n }, (_, at) => [...order.slice(0, at), n - 1, ...order.slice(at)]),
        );
  ordersBySize.set(n, orders);
  return orders;
}

const bothWays = (path: number[]) => [path, [...path].reverse()];

/**
 * The shortest open path both ways and an earliest-night-first order; when none fits a short
 * tour, every order. The shortest order that fits wins; else the failure that got furthest
 * along the heuristic orders (it names the leg to blame).
 */
function bestSchedule(chosen: Option[], maxDrive: number): Schedule {
  const dist: Distances = distanceMatrix(chosen.map((o) => o.venue));
  const heuristic = tryOrders(
    [...bothWays(shortestOpenPath(dist)), earliestFirstOrder(chosen, dist, maxDrive)],
    chosen,
    dist,
    maxDrive,
  );
  if (heuristic.ok || chosen.length > EVERY_ORDER_MAX) return heuristic;
  const exhaustive = tryOrders(everyOrder(chosen.length), chosen, dist, maxDrive);
  return exhaustive.ok ? exhaustive : heuristic;
}

function tryOrders(
  orders: number[][],
  chosen: Option[],
  dist: Distances,
  maxDrive: number,
): Schedule {
  let best: Schedule | null = null;
  let furthest: Schedule | null = null;
  for (const order of orders) {
    const s = scheduleOrder(order, chosen, dist, maxDrive);
    if (s.ok && (!best?.ok || s.length < best.length)) best = s;
    if (!s.ok && (!furthest || (!furthest.ok && s.placed > furthest.placed))) furthest = s;
  }
  return (best ?? furthest) as Schedule;
}
