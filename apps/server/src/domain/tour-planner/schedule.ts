import { firstNightFrom } from './nights.ts';
import type { Distances } from './route-order.ts';

/** A chosen venue as the scheduler sees it: the nights it can take, and its pin if fixed. */
export type Slot = { nights: number[]; pin: number | null };

export type Schedule =
  | { ok: true; order: number[]; nights: number[]; length: number }
  | {
      ok: false;
      /** How many stops of the order got a night before it failed. */
      placed: number;
      /** The stops either side of the failure (indices into slots); `from` null at the first. */
      from: number | null;
      to: number;
      /** True when the stop would have fitted had the drive cap not spread the nights. */
      driveBlocked: boolean;
    };

/** Nights needed between two stops: a day's drive each maxDrive miles, at least the next night. */
export function nightsApart(miles: number, maxDrive: number): number {
  return Math.max(1, Math.ceil(miles / maxDrive - 1e-9));
}

/**
 * Gives each stop of `order` its earliest possible night after the previous one's, so the drive
 * between them is at most maxDrive × the nights between. Earliest is never worse: a stop placed
 * earlier only widens the choice for the next. A pinned stop must get exactly its pin.
 */
export function scheduleOrder(
  order: number[],
  slots: Slot[],
  dist: Distances,
  maxDrive: number,
): Schedule {
  const nights: number[] = [];
  let length = 0;
  for (let k = 0; k < order.length; k += 1) {
    const stop = order[k] as number;
    const previous = k === 0 ? null : (order[k - 1] as number);
    const miles = previous === null ? 0 : (dist[previous]?.[stop] ?? 0);
    const after = previous === null ? 0 : (nights[k - 1] ?? 0);
    const earliest = previous === null ? 0 : after + nightsApart(miles, maxDrive);
    const night = nightFrom(slots[stop] as Slot, earliest);
    if (night === -1) {
      const withoutCap = previous === null ? -1 : nightFrom(slots[stop] as Slot, after + 1);
      return { ok: false, placed: k, from: previous, to: stop, driveBlocked: withoutCap !== -1 };
    }
    nights.push(night);
    length += miles;
  }
  return { ok: true, order, nights, length };
}

function nightFrom(slot: Slot, earliest: number): number {
  if (slot.pin !== null) return slot.pin >= earliest ? slot.pin : -1;
  return firstNightFrom(slot.nights, earliest);
}

/**
 * An order built in time rather than space: from the last stop, the next is the one that can play
 * soonest (the nearest breaks ties), never so late that a pinned stop still to come is missed.
 * It rescues sets whose nights are scarce, where the shortest path's order fails.
 */
export function earliestFirstOrder(slots: Slot[], dist: Distances, maxDrive: number): number[] {
  const left = new Set(slots.keys());
  const order: number[] = [];
  let last: number | null = null;
  let lastNight = -1;
  while (left.size > 0) {
    let best: { stop: number; night: number; miles: number } | null = null;
    const nextPin = [...left]
      .filter((s) => slots[s]?.pin !== null)
      .sort((a, b) => (slots[a]?.pin ?? 0) - (slots[b]?.pin ?? 0))[0];
    for (const stop of left) {
      const miles: number = last === null ? 0 : (dist[last]?.[stop] ?? 0);
      const night = nightFrom(
        slots[stop] as Slot,
        last === null ? 0 : lastNight + nightsApart(miles, maxDrive),
      );
      if (night === -1) continue;
      if (nextPin !== undefined && stop !== nextPin) {
        const pin = slots[nextPin]?.pin ?? 0;
        if (night + nightsApart(dist[stop]?.[nextPin] ?? 0, maxDrive) > pin) continue;
      }
      if (!best || night < best.night || (night === best.night && miles < best.miles)) {
        best = { stop, night, miles };
      }
    }
    if (!best) return [...order, ...left];
    order.push(best.stop);
    left.delete(best.stop);
    last = best.stop;
    lastNight = best.night;
  }
  return order;
}

/**
 * Shortens a route that fits without breaking it: 2-opt and or-opt moves, each kept only when the
 * route gets shorter and still fits its nights. Needed when the nights, not the map, chose the
 * order (earliest-night-first).
 */
export function shortenFitting(
  fitting: Extract<Schedule, { ok: true }>,
  slots: Slot[],
  dist: Distances,
  maxDrive: number,
): Extract<Schedule, { ok: true }> {
  let best = fitting;
  const tryOrder = (order: number[]) => {
    const s = scheduleOrder(order, slots, dist, maxDrive);
    if (s.ok && s.length < best.length - 1e-9) {
      best = s;
      return true;
    }
    return false;
  };
  let improved = true;
  while (improved) {
    improved = false;
    const n = best.order.length;
    for (let i = 0; i < n - 1 && !improved; i += 1) {
      for (let j = i + 1; j < n && !improved; j += 1) {
        const o = best.order;
        improved = tryOrder([...o.slice(0, i), ...o.slice(i, j + 1).reverse(), ...o.slice(j + 1)]);
      }
    }
    for (let i = 0; i < n && !improved; i += 1) {
      const o = best.order;
      const rest = [...o.slice(0, i), ...o.slice(i + 1)];
      for (let k = 0; k <= rest.length && !improved; k += 1) {
        if (k !== i) improved = tryOrder([...rest.slice(0, k), o[i] as number, ...rest.slice(k)]);
      }
    }
  }
  return best;
}
