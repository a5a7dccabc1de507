import { milesBetween } from '../nearest-zip.ts';

export type Point = { latitude: number; longitude: number };
/** Great-circle miles between every two points. */
export type Distances = number[][];

export function distanceMatrix(points: Point[]): Distances {
  return points.map((a) =>
    points.map((b) => milesBetween(a.latitude, a.longitude, b.latitude, b.longitude)),
  );
}

export function pathLength(order: number[], dist: Distances): number {
  let total = 0;
  for (let i = 1; i < order.length; i += 1) total += dist[order[i - 1] ?? 0]?.[order[i] ?? 0] ?? 0;
  return total;
}

/** Exact up to this many stops (Held–Karp: 2^n·n² steps, ~1.7M at 12); heuristic beyond. */
const EXACT_MAX = 12;

/**
 * The shortest open path through all points (any start, any end): exact for small tours, else
 * nearest neighbour from every start followed by 2-opt and or-opt moves.
 */
export function shortestOpenPath(dist: Distances): number[] {
  return dist.length <= EXACT_MAX ? exactOpenPath(dist) : heuristicOpenPath(dist);
}

/** Held–Karp over subsets, open path: best[mask][last] = shortest path visiting mask ending at last. */
export function exactOpenPath(dist: Distances): number[] {
  const n = dist.length;
  if (n <= 2) return [...Array(n).keys()];
  const size = 1 << n;
  const best = new Float64Array(size * n).fill(Number.POSITIVE_INFINITY);
  const parent = new Int8Array(size * n).fill(-1);
  for (let i = 0; i < n; i += 1) best[(1 << i) * n + i] = 0;
  for (let mask = 1; mask < size; mask += 1) {
    for (let last = 0; last < n; last += 1) {
      const here = best[mask * n + last] ?? Number.POSITIVE_INFINITY;
      if (!(mask & (1 << last)) || here === Number.POSITIVE_INFINITY) continue;
      const row = dist[last] ?? [];
      for (let next = 0; next < n; next += 1) {
        if (mask & (1 << next)) continue;
        const key = (mask | (1 << next)) * n + next;
        const length = here + (row[next] ?? 0);
        if (length < (best[key] ?? Number.POSITIVE_INFINITY)) {
          best[key] = length;
          parent[key] = last;
        }
      }
    }
  }
  const full = size - 1;
  let last = 0;
  for (let i = 1; i < n; i += 1) {
    if ((best[full * n + i] ?? 0) < (best[full * n + last] ?? 0)) last = i;
  }
  const order: number[] = [];
  for (let mask = full; last !== -1; ) {
    order.push(last);
    const previous = parent[mask * n + last] ?? -1;
    mask &= ~(1 << last);
    last = previous;
  }
  return order.reverse();
}

/** Nearest neighbour from each start, each improved by 2-opt and or-opt; the shortest wins. */
export function heuristicOpenPath(dist: Distances): number[] {
  const n = dist.length;
  let best: number[] = [...Array(n).keys()];
  let bestLength = Number.POSITIVE_INFINITY;
  for (let start = 0; start < n; start += 1) {
    const order = improve(nearestNeighbour(start, dist), dist);
    const length = pathLength(order, dist);
    if (length < bestLength - 1e-9) {
      best = order;
      bestLength = length;
    }
  }
  return best;
}

function nearestNeighbour(start: number, dist: Distances): number[] {
  const n = dist.length;
  const visited = new Uint8Array(n);
  const order = [start];
  visited[start] = 1;
  for (let step = 1; step < n; step += 1) {
    const row = dist[order[order.length - 1] ?? 0] ?? [];
    let next = -1;
    for (let j = 0; j < n; j += 1) {
      if (!visited[j] && (next === -1 || (row[j] ?? 0) < (row[next] ?? 0))) next = j;
    }
    visited[next] = 1;
    order.push(next);
  }
  return order;
}

/** 2-opt (reverse a stretch; the open ends may move) and or-opt (move one stop) until neither helps. */
export function improve(initial: number[], dist: Distances): number[] {
  let order = [...initial];
  const d = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? 0 : (dist[a]?.[b] ?? 0);
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < order.length - 1; i += 1) {
      for (let j = i + 1; j < order.length; j += 1) {
        // Reversing order[i..j]: edges (i-1,i) and (j,j+1) become (i-1,j) and (i,j+1).
        const before = d(order[i - 1], order[i]) + d(order[j], order[j + 1]);
        const after = d(order[i - 1], order[j]) + d(order[i], order[j + 1]);
        if (after < before - 1e-9) {
          order = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
          improved = true;
        }
      }
    }
    for (let i = 0; i < order.length && !improved; i += 1) {
      const stop = order[i] as number;
      const rest = [...order.slice(0, i), ...order.slice(i + 1)];
      const removedGain =
        d(order[i - 1], stop) + d(stop, order[i + 1]) - d(order[i - 1], order[i + 1]);
      for (let k = 0; k <= rest.length; k += 1) {
        const added = d(rest[k - 1], stop) + d(stop, rest[k]) - d(rest[k - 1], rest[k]);
        if (k !== i && added < removedGain - 1e-9) {
          order = [...rest.slice(0, k), stop, ...rest.slice(k)];
          improved = true;
          break;
        }
      }
    }
  }
  return order;
}

/**
 * The minimum spanning tree's length (Prim): every open path through the points is a spanning
 * tree, so no route can be shorter. Used as the straight-line bound of routeEfficiency.
 */
export function spanningTreeLength(dist: Distances): number {
  const n = dist.length;
  if (n < 2) return 0;
  const inTree = new Uint8Array(n);
  const reach = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  reach[0] = 0;
  let total = 0;
  for (let step = 0; step < n; step += 1) {
    let next = -1;
    for (let j = 0; j < n; j += 1) {
      if (!inTree[j] && (next === -1 || (reach[j] ?? 0) < (reach[next] ?? 0))) next = j;
    }
    inTree[next] = 1;
    total += reach[next] ?? 0;
    const row = dist[next] ?? [];
    for (let j = 0; j < n; j += 1) {
      if (!inTree[j] && (row[j] ?? 0) < (reach[j] ?? 0)) reach[j] = row[j] ?? 0;
    }
  }
  return total;
}
