/**
 * `npm run worker`: the alert engine's workers (matching, delivery, the daily digest) without
 * HTTP, against the same database as the API (DATABASE_URL, or the embedded Postgres of a running
 * Encore in DATA_DIR). Run as many as needed; set WORKERS=off on the API processes to leave the
 * work to these. SIGINT/SIGTERM finish the batches in hand, then exit.
 *
 * ALERT_CHANNELS picks the channels this worker delivers. WORKER_PROCESSES=per-channel makes it
 * match in this process and deliver from one child process per channel (worker-children.ts).
 */
import pino from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { startAlertWorkers } from './alerts/alert-workers.ts';
import { runningDatabaseUrl } from './alerts/running-database.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { LOG_SERIALIZERS } from './logging/safe-error.ts';
import { createAlertMetrics } from './metrics/alert-metrics.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { createAlertStatusRepo } from './repositories/alerts/alert-status.repo.ts';
import { createEventTimesRepo } from './repositories/alerts/event-times.repo.ts';
import { StartupError } from './startup-error.ts';
import {
  answerMetricsRequests,
  DISPATCH_CHILD_FLAG,
  type Figures,
  startChannelChildren,
  watchParent,
} from './worker-children.ts';

async function main() {
  const config = loadConfig();
  const child = process.argv.includes(DISPATCH_CHILD_FLAG);
  // Pino, as the API's logger is (Fastify's): same level, same serializers keeping personal data out.
  const log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS });
  // Kept open, as the API's and the alert workers' own (decision 065).
  const database = createDatabase(runningDatabaseUrl(config), { keepConnections: true });
  // The parent migrated before starting its children.
  if (!child) await runMigrations(database);
  const split = !child && config.workerProcesses === 'per-channel';
  const figures = workerMetrics(config, database, child);
  const workers = await startAlertWorkers(config, database, log, {
    matching: !child,
    channels: split ? [] : config.alertChannels,
    metrics: figures?.alerts,
  });
  const children = split ? await startChannelChildren(config, log) : undefined;
  // A child's figures go to its parent, which serves them on METRICS_PORT with its own.
  if (child && figures) answerMetricsRequests(() => figures.metrics.registry.getMetricsAsJSON());
  const metrics =
    child || !figures
      ? undefined
      : await serveWorkerMetrics(config, figures.metrics, children?.metrics, log);
  if (child) {
    watchParent(() => stop('the parent worker exited'));
    process.send?.({ ready: true });
  } else {
    console.log('Encore alert workers are running (Ctrl-C to stop)');
  }

  let stopping = false;
  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    if (!child) console.log(`${reason}: stopping the alert workers...`);
    setTimeout(() => {
      console.error('The alert workers did not stop within 15 s: exiting anyway.');
      process.exit(1);
    }, 15_000).unref();
    void Promise.all([workers.stop(), children?.stop(), metrics?.close()])
      .then(() => database.close())
      .then(() => process.exit(0));
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => stop(`${signal} received`));
  }
}

/**
 * With METRICS_PORT set, this process' figures: the pool, the process, the alert engine's sends,
 * failures, latency and matches; the outbox's depth and lag in the parent only (one query, not
 * one per child, whose sums would count the outbox several times).
 */
function workerMetrics(config: AppConfig, database: Database, child: boolean) {
  if (config.metrics.port === undefined) return undefined;
  const metrics = createMetrics({
    process: 'worker',
    pool: database.pool,
    pendingDeliveries: child ? undefined : createAlertStatusRepo(database.orm).pendingByChannel,
  });
  const alerts = createAlertMetrics(metrics.registry, createEventTimesRepo(database.orm).writtenAt);
  return { metrics, alerts };
}

/**
 * GET /metrics on METRICS_PORT: this process' figures summed with its delivery children's, which
 * each sends over IPC when asked at the scrape (prom-client's AggregatorRegistry.aggregate sums
 * counters and histograms across processes). Pulled at the scrape, not pushed: nothing crosses
 * IPC while nobody scrapes, and each figure is as fresh as the scrape.
 */
async function serveWorkerMetrics(
  config: AppConfig,
  metrics: Metrics,
  childFigures: (() => Promise<Figures[]>) | undefined,
  log: pino.Logger,
) {
  const { port, host } = config.metrics;
  if (port === undefined) return undefined;
  const { registry } = metrics;
  const source = {
    contentType: registry.contentType,
    metrics: async () => {
      if (!childFigures) return registry.metrics();
      const all = [await registry.getMetricsAsJSON(), ...(await childFigures())];
      return AggregatorRegistry.aggregate(all).metrics();
    },
  };
  const server = await startMetricsServer(source, { port, host }, log);
  console.log(`Metrics on http://${host}:${port}/metrics`);
  return server;
}

try {
  await main();
} catch (error) {
  const detail =
    error instanceof StartupError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  console.error(`The alert workers could not start: ${detail}`);
  process.exit(1);
}
