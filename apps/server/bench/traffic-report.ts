/**
 * How `npm run bench:traffic` prints: one line per mixed round (bare beside it, the host's speed),
 * and per write rate a verdict on the mixed-traffic goals, which are judged on these mixed rounds.
 */
import type { Load } from './api-report.ts';
import type { LoopFigures } from './loop-meter.ts';
import type { ServedFigures } from './served-meter.ts';
import { percentile } from './stats.ts';
import type { ColdKind } from './traffic-cold.ts';
import type { WriteTally } from './traffic-writer.ts';

export type MixKind = 'public' | 'signed-in';

/** A round's mix sent at the goal's rate (traffic.ts' pacedRound), not as fast as answered. */
export type PacedLoad = Load & {
  targetPerSec: number;
  writesFailed: number;
  /** What Fastify answered meanwhile by Encore's clock (the first API process): the misses. */
  served: ServedFigures;
};

export type MixedRound = {
  kind: MixKind;
  rate: number;
  bare: Load;
  encore: Load;
  /** Misses ÷ requests (traffic-cold.ts), by page kind and in all. */
  missesByKind: Map<string, number>;
  missRate: number;
  statementsPerReq: number;
  nodeMsPerReq: number;
  pgMsPerReq: number;
  writes: WriteTally;
  /** Encore's event loop over the round's load (loop-meter.ts). */
  loop: LoopFigures;
  /** With `--workers apart`: the worker process' CPU over the round, ms a second. */
  workerMsPerS?: number;
  /** The same mix and writes at the goal's rate: the latency below saturation. */
  paced?: PacedLoad;
};

/** The mixed-traffic goals at 20 writes a second, as ratios to bare Fastify in the same run. */
export const GOALS = {
  ratio: { public: 0.2, 'signed-in': 0.1 } satisfies Record<MixKind, number>,
  p99Ms: 50,
};

const pct = (ratio: number) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)}%` : 'n/a');
// Clamped at 0: with the idle background subtracted, a cost of nothing reads -0.00.
const ms = (value: number) => (Number.isFinite(value) ? Math.max(0, value).toFixed(2) : 'n/a');
const one = (value: number) => (Number.isFinite(value) ? Math.max(0, value).toFixed(1) : 'n/a');
const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

export function coldLines(kinds: ColdKind[]): string[] {
  return [
    '  page kind        keys  not 200  SQL stmts/miss  Node ms/miss  PG ms/miss  ms/miss (one at a time)',
    ...kinds.map((k) =>
      [
        `  ${k.label.padEnd(15)}`,
        String(k.asks.length).padStart(5),
        String(sum(new Map([...k.refused].map(([c, n]) => [String(c), n])))).padStart(8),
        one(k.statementsPerMiss).padStart(15),
        ms(k.nodeMsPerMiss).padStart(13),
        ms(k.pgMsPerMiss).padStart(11),
        ms(k.msPerMiss).padStart(10),
      ].join(' '),
    ),
  ];
}

export const ROUND_HEADER =
  '  round  mix        bare req/s  Encore req/s  ratio  p50 ms  p99 ms  errors  hit rate  SQL stmts/req  Node+PG ms/req  writes done/refused/failed  write p99 ms  loop delay p99/max ms  GC ms  RSS MB';

export function roundLine(index: number, r: MixedRound): string {
  const w = r.writes;
  return [
    `  ${String(index + 1).padStart(5)}`,
    r.kind.padEnd(9),
    one(r.bare.reqPerSec).padStart(11),
    one(r.encore.reqPerSec).padStart(13),
    pct(r.encore.reqPerSec / r.bare.reqPerSec).padStart(6),
    String(r.encore.p50).padStart(7),
    String(r.encore.p99).padStart(7),
    String(r.encore.errors).padStart(7),
    pct(1 - r.missRate).padStart(9),
    one(r.statementsPerReq).padStart(14),
    `${ms(r.nodeMsPerReq)}+${ms(r.pgMsPerReq)}`.padStart(15),
    `${w.done}/${sum(w.refused)}/${sum(w.failed)}`.padStart(27),
    (w.latencies.length ? String(Math.round(percentile(w.latencies, 99))) : '-').padStart(13),
    `${one(r.loop.lagP99Ms)}/${one(r.loop.lagMaxMs)}`.padStart(22),
    String(Math.round(r.loop.gcMs)).padStart(6),
    String(Math.round(r.loop.rssMb)).padStart(7),
  ].join(' ');
}

/** Misses by page kind in a round, as each kind's hit rate (keys drawn evenly from the list). */
export function missLine(r: MixedRound, keys: Map<string, number>): string {
  const total = sum(keys);
  const parts = [...r.missesByKind]
    .filter(([label]) => (keys.get(label) ?? 0) > 0)
    .map(([label, misses]) => {
      const asked = (r.encore.sent * (keys.get(label) ?? 0)) / total;
      return `${label} ${pct(1 - Math.min(1, misses / Math.max(1, asked)))}`;
    });
  return `         hit rate by page: ${parts.join(', ')}`;
}

/** The round's mix at the goal's rate: what it was asked, served, and answered within. */
export function pacedLine(r: MixedRound): string {
  const p = r.paced;
  if (!p) return '';
  const share = (n: number) => pct(n / Math.max(1, p.requests));
  const { answers, over50Ms, over250Ms } = p.served;
  return [
    `         at the goal's rate (${p.targetPerSec} req/s asked, ${pct(GOALS.ratio[r.kind])} of bare): ${one(p.reqPerSec)} req/s served, p50 ${p.p50} ms, p99 ${p.p99} ms, ${p.errors} errors, ${p.writesFailed} writes failed`,
    `           of its requests Fastify answered ${share(answers)} (misses; the rest from memory before it), ${share(over50Ms)} in over 50 ms and ${share(over250Ms)} in over 250 ms by Encore's clock`,
  ].join('\n');
}

/** One write rate's rounds beside the mixed-traffic goals. */
export function summaryLines(rate: number, rounds: MixedRound[]): string[] {
  const lines = [`  at ${rate} writes/s:`];
  for (const kind of ['public', 'signed-in'] as const) {
    const mine = rounds.filter((r) => r.kind === kind);
    if (mine.length === 0) continue;
    const ratios = mine.map((r) => r.encore.reqPerSec / r.bare.reqPerSec);
    const p99 = Math.max(...mine.map((r) => r.encore.p99));
    const errors = mine.reduce((n, r) => n + r.encore.errors, 0);
    const goal = GOALS.ratio[kind];
    const low = Math.min(...ratios);
    lines.push(
      `    ${kind}: ratio to bare ${pct(low)}–${pct(Math.max(...ratios))} (goal ≥ ${pct(goal)}: ${verdict(low >= goal)}); worst p99 ${p99} ms (goal ≤ ${GOALS.p99Ms} ms: ${verdict(p99 <= GOALS.p99Ms)}); errors ${errors} (goal 0: ${verdict(errors === 0)}); hit rate ${mine.map((r) => pct(1 - r.missRate)).join(', ')}`,
    );
    const paced = mine.flatMap((r) => (r.paced ? [r.paced] : []));
    if (paced.length > 0) {
      const worst = Math.max(...paced.map((p) => p.p99));
      const pacedErrors = paced.reduce((n, p) => n + p.errors, 0);
      lines.push(
        `      at the goal's rate (${pct(goal)} of bare, paced): worst p99 ${worst} ms (goal ≤ ${GOALS.p99Ms} ms: ${verdict(worst <= GOALS.p99Ms)}); errors ${pacedErrors}`,
      );
    }
  }
  const done = rounds.reduce((n, r) => n + r.writes.done, 0);
  const refused = mergeCounts(rounds.map((r) => r.writes.refused));
  const failed = mergeCounts(rounds.map((r) => r.writes.failed));
  const latencies = rounds.flatMap((r) => r.writes.latencies);
  const announced = rounds.reduce((n, r) => n + r.writes.announcements, 0);
  const times = latencies.length
    ? `; p50 ${one(percentile(latencies, 50))} ms, p99 ${one(percentile(latencies, 99))} ms`
    : '';
  lines.push(
    `    writes (${announced} announcements among them): ${done} done, ${sum(refused)} refused${describe(refused)}, ${sum(failed)} failed${describe(failed)} (goal 0 failed: ${verdict(sum(failed) === 0)})${times}`,
  );
  return lines;
}

/** The host's speed: bare Fastify over every round. */
export function hostLine(rounds: MixedRound[]): string {
  const bare = rounds.map((r) => r.bare.reqPerSec);
  return `host speed: bare Fastify ${Math.round(Math.min(...bare))}–${Math.round(Math.max(...bare))} req/s over ${bare.length} rounds`;
}

function mergeCounts(maps: Map<string, number>[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const map of maps) for (const [k, n] of map) merged.set(k, (merged.get(k) ?? 0) + n);
  return merged;
}

const describe = (map: Map<string, number>) =>
  map.size === 0
    ? ''
    : ` (${[...map]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')})`;
