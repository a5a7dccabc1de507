import { createHash } from 'node:crypto';

/**
 * Runs per route and the seed when CI runs the suite: 211 s on a quiet 2-core host and 599 s in
 * a run beside `stress-ng --cpu 8` (2026-11-29) while db-state.ts re-hashed every table after any
 * write; hashing only the tables written, 156 s of tests at load 12.7 and 105 s alone on the quiet
 * host (2026-11-30).
 */
const CI_RUNS = 100;
const CI_SEED = 20_251_201;

/** `npm run fuzz -- --runs N --seed S` passes these (scripts/fuzz.mjs); CI uses the defaults. */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    runs: positiveInt(env.FUZZ_RUNS) ?? CI_RUNS,
    seed: positiveInt(env.FUZZ_SEED) ?? CI_SEED,
    printStatuses: env.FUZZ_PRINT_STATUSES === '1',
  };
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** Each route's own seed, from the run's seed and its key: adding a route moves no other's. */
export function routeSeed(seed: number, routeKey: string): number {
  return createHash('sha256').update(`${seed} ${routeKey}`).digest().readInt32LE(0);
}

/** A request or response part short enough for a failure message, controls made visible. */
export function shown(text: string, max = 300): string {
  const visible = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return text.length > max ? `${visible} (${text.length} chars)` : visible;
}

/** One line per route: how many answers of each status it got. */
export function printStatuses(statuses: ReadonlyMap<string, ReadonlyMap<number, number>>): void {
  const lines = [...statuses].map(([route, counts]) => {
    const sorted = [...counts].sort(([a], [b]) => a - b);
    return `${route.padEnd(42)} ${sorted.map(([status, n]) => `${status}×${n}`).join(' ')}`;
  });
  console.log(`\nAnswers per route:\n${lines.join('\n')}`);
}
