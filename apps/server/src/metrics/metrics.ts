import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { PendingByChannel } from '../repositories/alerts/alert-status.repo.ts';

/** Lookups a cache counted since it started (plain numbers the hot path adds to). */
export type LookupCounts = { readonly hits: number; readonly misses: number };

/** What a process measures besides its own HTTP requests: each read when a scraper asks. */
export type MetricSources = {
  /** `api` or `worker`: a label on every series, so one dashboard shows both kinds. */
  process: 'api' | 'worker';
  pool: Database['pool'];
  /** The outbox's pending rows by channel (alert-status.repo.ts): one small query per scrape. */
  pendingDeliveries?: () => Promise<PendingByChannel[]>;
  caches?: Record<string, LookupCounts & { readonly early?: number; readonly dropped?: number }>;
  sessions?: LookupCounts;
};

/** Request latency buckets (seconds): a cached hit is well under 1 ms, a cold page tens of ms. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * One registry per process (per app in the tests, which build several in one process): the
 * Node process' own figures (CPU, memory, event loop delay, GC) and Encore's, named `encore_*`.
 * Counters the hot paths keep as plain numbers are copied in on a scrape, so a request pays an
 * addition, not a label lookup.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  registry.setDefaultLabels({ process: sources.process });
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'encore_http_requests_total',
    help: 'HTTP requests Fastify answered, by method, route pattern and status (cache hits answered before Fastify are in encore_cache_early_answers_total)',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'encore_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'encore_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });

  const { pool } = sources;
  new Gauge({
    name: 'encore_pg_pool_connections',
    help: 'Postgres pool connections by state: in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const caches = sources.caches ?? {};
  if (Object.keys(caches).length > 0) {
    new Counter({
      name: 'encore_cache_lookups_total',
      help: 'Page cache lookups by cache (public pages, users own pages) and result',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(caches)) {
          this.inc({ cache, result: 'hit' }, counts.hits);
          this.inc({ cache, result: 'miss' }, counts.misses);
        }
      },
    });
    new Counter({
      name: 'encore_cache_dropped_total',
      help: 'Pages dropped from a cache because a committed change may have altered them, or their change notices were lost (not by age or size), by cache',
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(caches))
          this.inc({ cache }, counts.dropped ?? 0);
      },
    });
    new Counter({
      name: 'encore_cache_early_answers_total',
      help: 'Cache hits answered before Fastify (no route, no hooks), by cache',
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(caches))
          this.inc({ cache }, counts.early ?? 0);
      },
    });
  }

  const sessions = sources.sessions;
  if (sessions) {
    new Counter({
      name: 'encore_session_cache_lookups_total',
      help: 'Session lookups in memory by result (a miss reads Postgres)',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, sessions.hits);
        this.inc({ result: 'miss' }, sessions.misses);
      },
    });
  }

  const pendingDeliveries = sources.pendingDeliveries;
  if (pendingDeliveries) {
    // Read once per scrape for both gauges: the first to be collected starts the query.
    let reading: Promise<PendingByChannel[]> | undefined;
    const pending = () => {
      reading ??= pendingDeliveries().finally(() => {
        setImmediate(() => {
          reading = undefined;
        });
      });
      return reading;
    };
    new Gauge({
      name: 'encore_outbox_pending',
      help: 'Deliveries due and not sent yet, by outbox (alerts, artist_messages) and channel (digest rows held for their release are not counted)',
      labelNames: ['channel', 'outbox'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await pending()) {
          this.set({ channel: row.channel, outbox: row.outbox }, row.due);
        }
      },
    });
    new Gauge({
      name: 'encore_outbox_oldest_pending_seconds',
      help: 'Age of the oldest due delivery by outbox and channel, from its match or send (0 when none is waiting): the delivery lag',
      labelNames: ['channel', 'outbox'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await pending()) {
          this.set({ channel: row.channel, outbox: row.outbox }, row.oldestSeconds ?? 0);
        }
      },
    });
  }

  return { registry, httpRequests, httpDuration, rateLimited };
}

export type Metrics = ReturnType<typeof createMetrics>;
