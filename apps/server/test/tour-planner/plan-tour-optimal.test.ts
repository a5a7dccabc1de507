import { DAYS_OF_WEEK } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../src/domain/nearest-zip.ts';
import { planTour } from '../../src/domain/tour-planner/plan-tour.ts';
import {
  distanceMatrix,
  exactOpenPath,
  heuristicOpenPath,
  pathLength,
  spanningTreeLength,
} from '../../src/domain/tour-planner/route-order.ts';
import type { CandidateVenue } from '../../src/domain/tour-planner/types.ts';
import { daysApart, resolved, seeded, venue, world } from './planner-fixtures.ts';

/**
 * The planner against brute force on small worlds ("solved exactly by brute force for
 * ≤ 8 stops: route within 5% of optimal"), on seeded random worlds so every run is the same.
 */

/** The shortest open path by trying every order (Heap's algorithm, no shortcuts). */
function bruteForcePath(dist: number[][]): number {
  const order = [...dist.keys()];
  let best = pathLength(order, dist);
  const counters = new Array(order.length).fill(0);
  for (let i = 1; i < order.length; ) {
    if (counters[i] < i) {
      const j = i % 2 === 0 ? 0 : counters[i];
      [order[j], order[i]] = [order[i] as number, order[j] as number];
      best = Math.min(best, pathLength(order, dist));
      counters[i] += 1;
      i = 1;
    } else {
      counters[i] = 0;
      i += 1;
    }
  }
  return best;
}

function randomPoints(random: () => number, n: number) {
  // Around the Northeast: ~400 × 350 miles.
  return Array.from({ length: n }, () => ({
    latitude: 40 + random() * 5,
    longitude: -79 + random() * 8,
  }));
}

const routeMiles = (venues: CandidateVenue[]) =>
  venues.reduce((sum, v, k) => {
    const p = venues[k - 1];
    return p ? sum + milesBetween(p.latitude, p.longitude, v.latitude, v.longitude) : sum;
  }, 0);

describe('route order against brute force', () => {
  it('the heuristic (nearest neighbour + 2-opt + or-opt) is within 5% of the shortest path on 8 stops', () => {
    const random = seeded(16);
    for (let world = 0; world < 25; world += 1) {
      const dist = distanceMatrix(randomPoints(random, 8));
      const optimal = bruteForcePath(dist);
      const heuristic = heuristicOpenPath(dist);
      expect([...heuristic].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(pathLength(heuristic, dist)).toBeLessThanOrEqual(optimal * 1.05 + 1e-6);
    }
  });

  it('the exact solver finds the shortest path, and the spanning tree never exceeds it', () => {
    const random = seeded(7);
    for (let n = 2; n <= 8; n += 1) {
      const dist = distanceMatrix(randomPoints(random, n));
      const optimal = bruteForcePath(dist);
      expect(pathLength(exactOpenPath(dist), dist)).toBeCloseTo(optimal, 6);
      expect(spanningTreeLength(dist)).toBeLessThanOrEqual(optimal + 1e-6);
    }
  });

  it("a plan's route through ≤ 8 stops is within 5% of the shortest, its efficiency the bound ÷ length", () => {
    const random = seeded(42);
    for (let n = 3; n <= 8; n += 1) {
      const candidates = randomPoints(random, n).map((point) =>
        venue('Boston', { ...point, city: `Town ${n}-${random()}` }),
      );
      const plan = planTour(world(candidates), resolved({ dateCount: n, maxDriveMiles: 2000 }));
      if (!plan.ok) throw new Error(plan.message);
      const byId = new Map(candidates.map((v) => [v.venueId, v]));
      const ordered = plan.route.map((s) => byId.get(s.venueId) as CandidateVenue);
      const dist = distanceMatrix(candidates);
      const length = routeMiles(ordered);
      expect(length).toBeLessThanOrEqual(bruteForcePath(dist) * 1.05 + 1e-6);
      expect(plan.routeEfficiency).toBeCloseTo(spanningTreeLength(dist) / length, 2);
    }
  });
});

/** The most revenue any choice of `k` venues with nights can make, by trying every choice. */
function bruteForceRevenue(
  candidates: CandidateVenue[],
  revenue: number[],
  k: number,
  nights: string[],
  maxDrive: number,
): number | null {
  let best: number | null = null;
  const open = (v: CandidateVenue, date: string) =>
    v.operatingDays.includes(
      DAYS_OF_WEEK[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] ?? 'Monday',
    );
  // Extend a tour (venues in play order with their nights) one stop at a time.
  const extend = (tour: { venue: number; night: number }[], total: number) => {
    if (tour.length === k) {
      if (best === null || total > best) best = total;
      return;
    }
    const last = tour[tour.length - 1];
    for (let v = 0; v < candidates.length; v += 1) {
      if (tour.some((stop) => stop.venue === v)) continue;
      const here = candidates[v] as CandidateVenue;
      for (let t = last ? last.night + 1 : 0; t < nights.length; t += 1) {
        if (!open(here, nights[t] as string)) continue;
        if (last) {
          const prev = candidates[last.venue] as CandidateVenue;
          const miles = milesBetween(prev.latitude, prev.longitude, here.latitude, here.longitude);
          if (miles > maxDrive * (t - last.night)) continue;
        }
        extend([...tour, { venue: v, night: t }], total + (revenue[v] ?? 0));
      }
    }
  };
  extend([], 0);
  return best;
}

describe('choice against brute force', () => {
  it('on random small worlds, makes the most revenue any feasible plan can make', () => {
    const random = seeded(2027);
    const nights = [
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
      '2027-03-07',
    ];
    let solvable = 0;
    for (let round = 0; round < 40; round += 1) {
      const candidates = randomPoints(random, 7).map((point, i) =>
        venue('Boston', {
          ...point,
          city: `Town ${round}-${i}`,
          operatingDays: DAYS_OF_WEEK.filter(() => random() < 0.6),
          calibration: {
            source: 'venue',
            shows: 3,
            fillRate: 0.2 + random() * 0.8,
            revenuePerHead: 20,
          },
        }),
      );
      const c = resolved({
        dateCount: 4,
        startDate: nights[0],
        endDate: nights[6],
        maxDriveMiles: 150,
      });
      const plan = planTour(world(candidates), c);
      const revenue = candidates.map((v) =>
        Math.round(Math.round((v.calibration.fillRate ?? 0) * v.capacity) * 20),
      );
      const best = bruteForceRevenue(candidates, revenue, 4, nights, 150);
      if (best === null) {
        expect(plan.ok).toBe(false);
        continue;
      }
      solvable += 1;
      if (!plan.ok)
        throw new Error(`round ${round}: brute force found ${best}, planner said ${plan.message}`);
      expect(plan.estimatedRevenue, `round ${round}`).toBe(best);
      const first = plan.route[0]?.date ?? '';
      expect(daysApart(first, plan.route[3]?.date ?? '')).toBeLessThanOrEqual(6);
    }
    expect(solvable).toBeGreaterThan(3);
  });
});
