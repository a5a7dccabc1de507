import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parseLoopFigures } from '../../bench/loop-meter.ts';
import { sampleValues } from '../../bench/metrics-text.ts';
import { getBuckets, servedBetween } from '../../bench/served-meter.ts';
import { createMetrics } from '../../src/metrics/metrics.ts';

/** bench:traffic reads Encore's loop delay from its /metrics: the names and labels must match. */
describe("bench:traffic's loop meter", () => {
  it("reads the loop's delay and GC time from a process's /metrics, labelled as Encore labels them", async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ process: 'api' });
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1 });
    await registry.metrics(); // a scrape resets the delay histogram: the block below is alone in it
    await new Promise((resolve) => setTimeout(resolve, 20));
    const blockedUntil = Date.now() + 60;
    while (Date.now() < blockedUntil) {
      // the loop stalls for 60 ms, as a long synchronous task would stall Encore's
    }
    await new Promise((resolve) => setTimeout(resolve, 20));

    const figures = parseLoopFigures(await registry.metrics());

    expect(figures.lagMaxSeconds).toBeGreaterThanOrEqual(0.05);
    expect(figures.lagP99Seconds).toBeGreaterThan(0);
    expect(figures.lagP99Seconds).toBeLessThanOrEqual(figures.lagMaxSeconds);
    expect(figures.gcSeconds).toBeGreaterThanOrEqual(0);
    expect(figures.rssBytes).toBeGreaterThan(10 * 2 ** 20);
  });

  it('reads the API’s own lines when its scrape carries its alert workers’ child’s too', () => {
    const text = [
      'nodejs_eventloop_lag_p99_seconds{process="api"} 0.012',
      'nodejs_eventloop_lag_p99_seconds{process="worker"} 0.3',
      'nodejs_eventloop_lag_max_seconds{process="worker"} 0.9',
      'nodejs_eventloop_lag_max_seconds{process="api"} 0.04',
      'nodejs_gc_duration_seconds_sum{kind="minor",process="api"} 0.2',
      'nodejs_gc_duration_seconds_sum{kind="major",process="api"} 0.1',
      'nodejs_gc_duration_seconds_sum{kind="minor",process="worker"} 5',
      'process_resident_memory_bytes{process="worker"} 900000000',
      'process_resident_memory_bytes{process="api"} 400000000',
    ].join('\n');
    expect(parseLoopFigures(text)).toEqual({
      lagP99Seconds: 0.012,
      lagMaxSeconds: 0.04,
      gcSeconds: expect.closeTo(0.3),
      rssBytes: 400000000,
    });
  });

  it('says which figure a /metrics lacks', () => {
    expect(() =>
      parseLoopFigures('nodejs_eventloop_lag_max_seconds{process="api"} 0.01\n'),
    ).toThrow('nodejs_eventloop_lag_p99_seconds');
  });

  it("reads a counter's samples by their labels, in any order prom-client wrote them (bench:drops)", () => {
    const text = [
      '# HELP encore_cache_dropped_total Pages dropped',
      'encore_cache_dropped_total{cache="private",process="api"} 12',
      'encore_cache_dropped_total{process="api",cache="public"} 7',
      'encore_cache_dropped_totals{cache="public"} 99',
      'encore_cache_lookups_total{cache="public",result="miss",process="api"} 3',
    ].join('\n');
    expect(sampleValues(text, 'encore_cache_dropped_total', { cache: 'public' })).toEqual([7]);
    expect(sampleValues(text, 'encore_cache_dropped_total')).toEqual([12, 7]);
    expect(
      sampleValues(text, 'encore_cache_lookups_total', { cache: 'public', result: 'miss' }),
    ).toEqual([3]);
    expect(sampleValues(text, 'encore_cache_lookups_total', { result: 'hit' })).toEqual([]);
  });
});

/** bench:traffic's paced rounds read what Fastify answered, and how long it took, the same way. */
describe("bench:traffic's meter of Fastify's answers", () => {
  it("counts the GET answers between two scrapes of Encore's histogram, and those over 50 and 250 ms", async () => {
    const pool = { totalCount: 0, idleCount: 0, waitingCount: 0 } as never;
    const { registry, httpDuration } = createMetrics({ process: 'api', pool });
    httpDuration.observe({ method: 'GET', route: '/api/artists/:id' }, 0.002);
    const before = getBuckets(await registry.metrics());

    httpDuration.observe({ method: 'GET', route: '/api/artists/:id' }, 0.001);
    httpDuration.observe({ method: 'GET', route: '/api/fan/alerts' }, 0.08);
    httpDuration.observe({ method: 'GET', route: '/api/fan/alerts' }, 0.3);
    httpDuration.observe({ method: 'POST', route: '/api/shows/:id/attendance' }, 0.4);
    const figures = servedBetween(before, getBuckets(await registry.metrics()));

    // Three GETs since the first scrape (the POST is a write, not a page): 2 over 50 ms, 1 over 250.
    expect(figures).toEqual({ answers: 3, over50Ms: 2, over250Ms: 1 });
  });
});
