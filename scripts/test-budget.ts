// How much longer than on a quiet machine of our class this run's tests may take before a wait
// counts as stuck. Every test budget (vitest's test and hook timeouts, the explicit ones in
// test files through `budget(ms)`, Playwright's journey and expect timeouts) is its quiet-host
// value times this factor: a slow or busy machine gets more time, a test that never moves still
// fails. Measured once per run by the first config that asks and handed to every worker (and to
// Playwright) through ENCORE_TEST_BUDGET_FACTOR, which also lets a person set it by hand.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export const BUDGET_ENV = 'ENCORE_TEST_BUDGET_FACTOR';

/**
 * The calibration's time on a quiet slow-class host of ours, measured as the configs take it
 * (while vitest or Playwright start up beside it): 42-58 ms at load under 1, 2026-11-29.
 */
const QUIET_SLOW_HOST_MS = 50;
const ROUNDS = 20_000;
/** A stuck test must still fail within a run: at most 8× the quiet budgets. */
const MAX_FACTOR = 8;

/** The run's factor: ENCORE_TEST_BUDGET_FACTOR if set, else measured now (and then set). */
/** `ms` (a budget on a quiet slow host) for this run. */
export function budget(ms: number): number {
  return Math.round(ms * budgetFactor());
}

export function budgetFactor(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env[BUDGET_ENV]);
  if (Number.isFinite(given) && given >= 1) return given;
  const measured = measureBudgetFactor();
  env[BUDGET_ENV] = String(measured.factor);
  console.log(describeBudget(measured));
  return measured.factor;
}

/**
 * The largest of three slowdowns, each 1 on a quiet slow-class host: the calibration's wall time
 * against its quiet time (a slower core, or other work taking our turns), the load average per
 * core (work already queued that a 60 ms sample can miss), and the tasks runnable right now per
 * core (Linux's /proc/loadavg; the calibration itself not counted). The load average trails new
 * work by minutes: a run started 20 s after `stress-ng --cpu 8` measured ×2.9 (load 5.2), then
 * ran at load 15, and a test that needed ×3.6 failed its budget (issue 32, 2026-11-30).
 */
export function measureBudgetFactor(): BudgetMeasure {
  const runnable: number[] = [];
  const samples = [0, 1, 2]
    .map(() => {
      runnable.push(runnableTasks());
      return calibrate();
    })
    .sort((a, b) => a - b);
  const calibrationMs = samples[1] ?? QUIET_SLOW_HOST_MS;
  const running = runnable.sort((a, b) => a - b)[1] ?? 0;
  const [load = 0] = loadavg();
  const cores = availableParallelism();
  const raw = Math.max(calibrationMs / QUIET_SLOW_HOST_MS, load / cores, running / cores, 1);
  const factor = Math.min(MAX_FACTOR, Math.round(raw * 10) / 10);
  return { factor, calibrationMs, load, running, cores };
}

/**
 * Tasks runnable now besides this one (the fourth field of /proc/loadavg, "runnable/total");
 * 0 where there is no such file.
 */
function runnableTasks(): number {
  try {
    const [, , , tasks = ''] = readFileSync('/proc/loadavg', 'utf8').split(' ');
    return Math.max(0, Number.parseInt(tasks, 10) - 1) || 0;
  } catch {
    return 0;
  }
}

export interface BudgetMeasure {
  factor: number;
  calibrationMs: number;
  load: number;
  /** Other tasks runnable while it measured. */
  running: number;
  cores: number;
}

export function describeBudget({
  factor,
  calibrationMs,
  load,
  running,
  cores,
}: BudgetMeasure): string {
  return (
    `Test budgets ×${factor} (calibration ${calibrationMs.toFixed(0)} ms, ` +
    `${QUIET_SLOW_HOST_MS} ms on a quiet slow host; load ${load.toFixed(1)}, ` +
    `${running} other tasks runnable, on ${cores} cores)`
  );
}

/** Wall time of a fixed amount of hashing: one core's speed as this process gets it now. */
function calibrate(): number {
  const started = performance.now();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < ROUNDS; i += 1) digest = createHash('sha256').update(digest).digest();
  return performance.now() - started;
}
