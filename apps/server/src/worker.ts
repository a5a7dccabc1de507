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
import { startAlertWorkers } from './alerts/alert-workers.ts';
import { runningDatabaseUrl } from './alerts/running-database.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { LOG_SERIALIZERS } from './logging/safe-error.ts';
import { createMetrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { createAlertStatusRepo } from './repositories/alerts/alert-status.repo.ts';
import { StartupError } from './startup-error.ts';
import { DISPATCH_CHILD_FLAG, startChannelChildren, watchParent } from './worker-children.ts';

async function main() {
  const config = loadConfig();
  const child = process.argv.includes(DISPATCH_CHILD_FLAG);
  // Pino, as the API's logger is (Fastify's): same level, same serializers keeping personal data out.
  const log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS });
  const database = createDatabase(runningDatabaseUrl(config));
  // The parent migrated before starting its children.
  if (!child) await runMigrations(database);
  const split = !child && config.workerProcesses === 'per-channel';
  const workers = await startAlertWorkers(config, database, log, {
    matching: !child,
    channels: split ? [] : config.alertChannels,
  });
  const children = split ? await startChannelChildren(config, log) : undefined;
  // The parent's (the children share its METRICS_PORT's figures through the outbox they drain).
  const metrics = child ? undefined : await serveWorkerMetrics(config, database, log);
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

/** GET /metrics on METRICS_PORT when set: the outbox's depth and lag, the pool, the process. */
async function serveWorkerMetrics(config: AppConfig, database: Database, log: pino.Logger) {
  const { port, host } = config.metrics;
  if (port === undefined) return undefined;
  const metrics = createMetrics({
    process: 'worker',
    pool: database.pool,
    pendingDeliveries: createAlertStatusRepo(database.orm).pendingByChannel,
  });
  const server = await startMetricsServer(metrics.registry, { port, host }, log);
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
