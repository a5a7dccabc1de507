/**
 * bench:traffic's uncached rounds (the goal: "a page answered without the cache, measured with
 * the cache switched off"): Encore restarted with PAGE_CACHES=off on the same data, then each kind
 * of page loaded alone, warm (every key many times, so the prepared statements have their plans
 * and V8 its compiled code), nothing written. What a request costs then is what a miss costs in
 * steady use, HTTP, session and serializing included: the cold pass (traffic-cold.ts) asks each
 * key once, with the first runs' planning and compiling in its figures.
 */
import type { Load } from './api-report.ts';
import type { Ask, ColdKind } from './traffic-cold.ts';
import { FAN_PAGES, pageLabel } from './traffic-world.ts';

/** The goal: ≤ 1 ms of Node and ≤ 1 ms of Postgres a request, for these pages. */
export const UNCACHED_GOAL_MS = 1;
const GOAL_PAGES = new Set([
  pageLabel('artist'),
  ...FAN_PAGES.filter(([, path]) => path === '/api/fan/alerts').map(([label]) => label),
]);

export type UncachedRound = {
  label: string;
  load: Load;
  nodeMsPerReq: number;
  pgMsPerReq: number;
};

type Cpu = { node: number; pg: number };

/** One round per kind: its keys alone, CPU per request with the idle background taken off. */
export async function uncachedRounds(
  kinds: ColdKind[],
  measure: {
    load: (list: Ask[]) => Promise<Load>;
    cpu: () => Cpu;
    /** CPU ms a ms with no request (Node, Postgres). */
    idle: Cpu;
  },
): Promise<UncachedRound[]> {
  const rounds: UncachedRound[] = [];
  for (const kind of kinds) {
    // A short warm-up: the first runs of each statement are planned, and V8 compiles.
    await measure.load(kind.asks.slice(0, 50));
    const before = measure.cpu();
    const startedAt = Date.now();
    const load = await measure.load(kind.asks);
    // The requests in flight when autocannon stops are served all the same.
    await new Promise((r) => setTimeout(r, Math.min(5000, Math.max(500, load.p99 * 2))));
    const took = Date.now() - startedAt;
    const after = measure.cpu();
    const requests = Math.max(1, load.sent);
    rounds.push({
      label: kind.label,
      load,
      nodeMsPerReq: (after.node - before.node - measure.idle.node * took) / requests,
      pgMsPerReq: (after.pg - before.pg - measure.idle.pg * took) / requests,
    });
  }
  return rounds;
}

/** The rounds as a table, each goal page with its verdict. */
export function uncachedLines(rounds: UncachedRound[]): string[] {
  const lines = [
    'without the page caches (PAGE_CACHES=off), each kind alone, warm: what a miss costs in steady use',
    '  page kind        req/s   p50 ms  p99 ms  errors  Node ms/req  PG ms/req  goal (≤ 1 ms Node, ≤ 1 ms PG)',
  ];
  for (const r of rounds) {
    const goal = GOAL_PAGES.has(r.label)
      ? r.nodeMsPerReq <= UNCACHED_GOAL_MS && r.pgMsPerReq <= UNCACHED_GOAL_MS
        ? 'met'
        : 'NOT met'
      : '';
    lines.push(
      `  ${r.label.padEnd(14)} ${r.load.reqPerSec.toFixed(0).padStart(7)}  ${String(r.load.p50).padStart(7)} ${String(r.load.p99).padStart(7)}  ${String(r.load.errors).padStart(6)}  ${r.nodeMsPerReq.toFixed(2).padStart(11)}  ${r.pgMsPerReq.toFixed(2).padStart(9)}  ${goal}`,
    );
  }
  return lines;
}
