/**
 * How `npm run bench:api` prints: one line per round (bare, then Encore, and Encore's cost per
 * request), and a summary per route beside the performance goals (docs/performance.md).
 */
import type autocannon from 'autocannon';
import { median } from './stats.ts';

export type Kind = 'public' | 'authenticated';

export type Load = {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Answered within the duration. */
  requests: number;
  /** Sent, those still in flight at the end included: what the server served. */
  sent: number;
  /** Connection errors + timeouts + non-2xx answers. */
  errors: number;
};

/** An autocannon run's figures as the reports read them. */
export function loadOf(result: autocannon.Result): Load {
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    sent: result.requests.sent,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export type Round = {
  bare: Load;
  encore: Load;
  nodeMsPerReq: number;
  pgMsPerReq: number;
  statementsPerReq: number;
  transactionsPerReq: number;
  rssMiB: number;
};

/** The performance goals, as ratios to bare Fastify in the same run. */
export const GOALS = {
  ratio: { public: 0.2, authenticated: 0.1 } satisfies Record<Kind, number>,
  p99Ms: 50,
  /** The artist page only. */
  cpuMsPerReq: { node: 1, pg: 1 },
};

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
// Clamped at 0: with the idle background subtracted, a route that costs nothing reads -0.00.
const ms = (value: number) => (Number.isFinite(value) ? Math.max(0, value).toFixed(2) : 'n/a');
const one = (value: number) => (Number.isFinite(value) ? Math.max(0, value).toFixed(1) : 'n/a');

export const ROUND_HEADER =
  '  round  bare req/s (p50/p99 ms)   Encore req/s  ratio   p50 ms   p99 ms  errors  Node ms/req  PG ms/req  SQL stmts/req  xacts/req  RSS MiB';

export function roundLine(index: number, r: Round): string {
  return [
    `  ${String(index + 1).padStart(5)}`,
    `${one(r.bare.reqPerSec).padStart(10)} (${r.bare.p50}/${r.bare.p99})`.padEnd(25),
    one(r.encore.reqPerSec).padStart(13),
    pct(r.encore.reqPerSec / r.bare.reqPerSec).padStart(6),
    String(r.encore.p50).padStart(8),
    String(r.encore.p99).padStart(8),
    String(r.encore.errors).padStart(7),
    ms(r.nodeMsPerReq).padStart(12),
    ms(r.pgMsPerReq).padStart(10),
    one(r.statementsPerReq).padStart(14),
    one(r.transactionsPerReq).padStart(10),
    one(r.rssMiB).padStart(8),
  ].join(' ');
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** The route's figures over its rounds beside its goals. */
export function summaryLines(label: string, kind: Kind, rounds: Round[], isArtistPage: boolean) {
  const ratios = rounds.map((r) => r.encore.reqPerSec / r.bare.reqPerSec);
  const p99 = Math.max(...rounds.map((r) => r.encore.p99));
  const errors = rounds.reduce((sum, r) => sum + r.encore.errors, 0);
  const node = median(rounds.map((r) => r.nodeMsPerReq));
  const pg = median(rounds.map((r) => r.pgMsPerReq));
  const goal = GOALS.ratio[kind];
  const lines = [
    `  ${label} (${kind})`,
    `    ratio to bare ${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))} (goal ≥ ${pct(goal)}: ${verdict(Math.min(...ratios) >= goal)}); worst p99 ${p99} ms (goal ≤ ${GOALS.p99Ms} ms: ${verdict(p99 <= GOALS.p99Ms)}); errors ${errors} (goal 0: ${verdict(errors === 0)})`,
    `    per request (median of rounds): Node ${ms(node)} ms, Postgres ${ms(pg)} ms, ${one(median(rounds.map((r) => r.statementsPerReq)))} SQL statements, ${one(median(rounds.map((r) => r.transactionsPerReq)))} transactions`,
  ];
  if (isArtistPage) {
    lines.push(
      `    artist page CPU goal ≤ ${GOALS.cpuMsPerReq.node} ms Node and ≤ ${GOALS.cpuMsPerReq.pg} ms Postgres: ${verdict(node <= GOALS.cpuMsPerReq.node && pg <= GOALS.cpuMsPerReq.pg)}`,
    );
  }
  return lines;
}
