/**
 * `npm run worker`: the alert engine's workers (matching, delivery, the daily digest) without
 * HTTP, against the same database as the API (DATABASE_URL, or the embedded Postgres of a running
 * Encore in DATA_DIR). Run as many as needed; set WORKERS=off on the API processes to leave the
 * work to these. SIGINT/SIGTERM finish the batches in hand, then exit.
 *
 * ALERT_CHANNELS picks the channels this worker delivers. WORKER_PROCESSES=per-channel makes it
 * match in this process and deliver from one child process per channel (worker-children.ts).
 * The same file is the API's alert workers' process with WORKERS=on (decision 066).
 */
import pino from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { startAlertWorkers } from './alerts/alert-workers.ts';
import { runningDatabaseUrl } from './alerts/running-database.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { markIntendedShutdown, QUIET_SHUTDOWN_HOOKS } from './logging/quiet-logging.ts';
import { LOG_SERIALIZERS } from './logging/safe-error.ts';
import { createAlertMetrics } from './metrics/alert-metrics.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { type Figures, startMetricsServer, withChildFigures } from './metrics/metrics-server.ts';
import { createAlertStatusRepo } from './repositories/alerts/alert-status.repo.ts';
import { createEventTimesRepo } from './repositories/alerts/event-times.repo.ts';
import { StartupError } from './startup-error.ts';
import {
  API_CHILD_FLAG,
  answerMetricsRequests,
  configFromParent,
  DISPATCH_CHILD_FLAG,
  startChannelChildren,
  tellParentReady,
  watchParent,
} from './worker-children.ts';

/**
 * What this process is: `npm run worker` itself; a delivery child of a per-channel worker
 * (DISPATCH_CHILD_FLAG); or the alert workers of an API started with WORKERS=on (API_CHILD_FLAG).
 * A child takes its configuration from its parent and leaves migrations, the outbox's figures
 * and its signals to it.
 */
type Role = 'worker' | 'delivery child' | 'api child';
const role: Role = process.argv.includes(DISPATCH_CHILD_FLAG)
  ? 'delivery child'
  : process.argv.includes(API_CHILD_FLAG)
    ? 'api child'
    : 'worker';

async function main() {
  const child = role !== 'worker';
  const config = child ? await configFromParent() : loadConfig();
  // Pino, as the API's logger is (Fastify's): same level, same serializers keeping personal data out.
  // And the same quiet shutdown: once a signal asked us to stop, the lost connections are expected.
  const log = pino({
    level: config.logLevel,
    serializers: LOG_SERIALIZERS,
    hooks: QUIET_SHUTDOWN_HOOKS,
  });
  const databaseUrl = runningDatabaseUrl(config);
  // Kept open, as the API's and the alert workers' own (decision 065).
  const database = createDatabase(databaseUrl, { keepConnections: true });
  // The parent migrated before starting its children.
  if (!child) await runMigrations(database);
  const split = role !== 'delivery child' && config.workerProcesses === 'per-channel';
  const figures = workerMetrics(config, database, role === 'worker');
  const workers = await startAlertWorkers(config, database, log, {
    matching: role !== 'delivery child',
    channels: split ? [] : config.alertChannels,
    metrics: figures?.alerts,
  });
  const children = split ? await startChannelChildren({ ...config, databaseUrl }, log) : undefined;
  // A child's figures, its own children's summed in, go to its parent, which serves them on
  // METRICS_PORT with its own.
  if (child && figures) answerMetricsRequests(() => summed(figures.metrics, children?.metrics));
  const metrics =
    child || !figures
      ? undefined
      : await serveWorkerMetrics(config, figures.metrics, children?.metrics, log);
  if (child) {
    watchParent(() => stop('the parent process exited'));
    tellParentReady();
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
  process.on('SIGTERM', () => {
    markIntendedShutdown();
    stop('SIGTERM received');
  });
  // Ctrl-C reaches a terminal's whole process group, the embedded Postgres included: a child
  // expects its connections to end, and leaves stopping to its parent, which stops it (SIGTERM)
  // knowing it is stopping, so the child is not started again.
  process.on('SIGINT', () => {
    markIntendedShutdown();
    if (!child) stop('SIGINT received');
  });
}

/**
 * With METRICS_PORT set, this process' figures: the pool, the process, the alert engine's sends,
 * failures, latency and matches; the outbox's depth and lag in `npm run worker` itself only (one
 * query, not one per child, whose sums would count the outbox several times; the API counts its
 * own).
 */
function workerMetrics(config: AppConfig, database: Database, countsOutbox: boolean) {
  if (config.metrics.port === undefined) return undefined;
  const metrics = createMetrics({
    process: 'worker',
    pool: database.pool,
    pendingDeliveries: countsOutbox
      ? createAlertStatusRepo(database.orm).pendingByChannel
      : undefined,
  });
  const alerts = createAlertMetrics(metrics.registry, createEventTimesRepo(database.orm).writtenAt);
  return { metrics, alerts };
}

/** This process' figures as JSON, its children's (if any) summed in. */
async function summed(
  metrics: Metrics,
  childFigures: (() => Promise<Figures[]>) | undefined,
): Promise<Figures> {
  const own = await metrics.registry.getMetricsAsJSON();
  if (!childFigures) return own;
  return AggregatorRegistry.aggregate([own, ...(await childFigures())]).getMetricsAsJSON();
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
  const source = withChildFigures(metrics.registry, childFigures);
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
