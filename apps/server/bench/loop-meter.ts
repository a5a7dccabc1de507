/**
 * Encore's event loop over a bench round, from its own /metrics (METRICS_PORT; prom-client's
 * default figures, src/metrics/metrics.ts): how late its timers ran (p99 and the longest stall)
 * and how long its garbage collections took. A request's p99 is its wait in the loop's queue plus
 * its own work: a loop stalled for 40 ms by one task (a miss, a worker's job, a major GC) delays
 * every request that arrived meanwhile, where 50 connections on a loop busy with short tasks only
 * queue. These figures tell the two apart.
 */
import { metricsText, sampleValues } from './metrics-text.ts';

export type LoopFigures = {
  /** The 99th percentile of the loop's delay over the round (ms). */
  lagP99Ms: number;
  /** The loop's longest delay over the round (ms): its longest stall. */
  lagMaxMs: number;
  /** Time spent collecting garbage over the round (ms), every kind of collection. */
  gcMs: number;
  /** The process's resident memory at the round's end (MB): what a larger young generation costs. */
  rssMb: number;
};

/**
 * A meter on the /metrics at `url`. prom-client resets its loop-delay histogram on every scrape,
 * so `start` (a scrape) opens a round and `end` reads the delay since; the GC time is a running
 * sum, read at both ends.
 */
export function loopMeter(url: string) {
  let gcAtStart = 0;
  return {
    start: async () => {
      gcAtStart = (await scrape(url)).gcSeconds;
    },
    end: async (): Promise<LoopFigures> => {
      const figures = await scrape(url);
      return {
        lagP99Ms: figures.lagP99Seconds * 1000,
        lagMaxMs: figures.lagMaxSeconds * 1000,
        gcMs: (figures.gcSeconds - gcAtStart) * 1000,
        rssMb: figures.rssBytes / 2 ** 20,
      };
    },
  };
}

async function scrape(url: string) {
  return parseLoopFigures(await metricsText(url));
}

/**
 * The loop's figures in a Prometheus text exposition, the API process's own lines only: with
 * WORKERS=on its scrape carries its alert workers' child's too, labelled process="worker".
 */
export function parseLoopFigures(text: string) {
  const values = (name: string) => sampleValues(text, name, { process: 'api' });
  const one = (name: string) => {
    const found = values(name);
    if (found.length === 0) throw new Error(`/metrics has no ${name}`);
    return Math.max(...found);
  };
  return {
    lagP99Seconds: one('nodejs_eventloop_lag_p99_seconds'),
    lagMaxSeconds: one('nodejs_eventloop_lag_max_seconds'),
    gcSeconds: values('nodejs_gc_duration_seconds_sum').reduce((a, b) => a + b, 0),
    rssBytes: one('process_resident_memory_bytes'),
  };
}
