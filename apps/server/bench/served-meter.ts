/**
 * The GET requests Fastify answered over a bench round, timed by Encore's own clock: the deltas
 * of its `encore_http_request_duration_seconds` histogram (src/metrics/metrics.ts, summed over
 * routes).
 * In bench:traffic these are the pages the caches missed and the ones not answered early (a kept
 * page answered before Fastify, http/cached-hits.ts, is not in it). A paced round's p99 counts
 * every request from the client's side; this says how many of them Encore itself spent long on,
 * from reading the request to sending its answer: if those are about 1% of the round, the misses
 * make the p99; if they are few, the time went before Encore saw the request (its loop's queue).
 */
import { metricsText, sampleValues } from './metrics-text.ts';

const BUCKET = 'encore_http_request_duration_seconds_bucket';

/** Cumulative counts of GET answers by the histogram's bound (seconds, `+Inf` last), all routes. */
export type GetBuckets = Map<string, number>;

export type ServedFigures = {
  /** GET answers Fastify sent over the round. */
  answers: number;
  /** Of them, over 50 ms and over 250 ms by Encore's clock. */
  over50Ms: number;
  over250Ms: number;
};

/** The GET buckets of a Prometheus text exposition, summed over routes and processes. */
export function getBuckets(text: string): GetBuckets {
  const bounds = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${BUCKET}{`) || !line.includes('method="GET"')) continue;
    const bound = /le="([^"]+)"/.exec(line)?.[1];
    if (bound) bounds.add(bound);
  }
  const sum = (bound: string) =>
    sampleValues(text, BUCKET, { method: 'GET', le: bound }).reduce((a, b) => a + b, 0);
  return new Map([...bounds].map((bound) => [bound, sum(bound)]));
}

/** What changed between two scrapes: answers, and those over 50 and 250 ms. */
export function servedBetween(before: GetBuckets, after: GetBuckets): ServedFigures {
  const delta = (bound: string) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
  const answers = delta('+Inf');
  return {
    answers,
    over50Ms: answers - delta('0.05'),
    over250Ms: answers - delta('0.25'),
  };
}

/** A meter on the /metrics at `url`: `start` opens a round, `end` reads what Fastify answered. */
export function servedMeter(url: string) {
  let before: GetBuckets = new Map();
  const scrape = async () => getBuckets(await metricsText(url));
  return {
    start: async () => {
      before = await scrape();
    },
    end: async (): Promise<ServedFigures> => servedBetween(before, await scrape()),
  };
}
