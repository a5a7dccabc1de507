import type { FastifyInstance } from 'fastify';
import { type AlertWorkerOptions, startAlertWorkers } from './alerts/alert-workers.ts';
import { buildApp } from './app.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { prepareDemoData } from './demo/demo-startup.ts';
import { startWorkerChild, type WorkerFigures } from './worker-children.ts';

export type RunningServer = {
  app: FastifyInstance;
  config: AppConfig;
  /** Where users open Encore (PUBLIC_URL). */
  url: string;
  /** Closes HTTP, the pool and the embedded Postgres (if any), in that order. Idempotent. */
  stop: () => Promise<void>;
};

/**
 * Starts Encore in this process: the embedded Postgres unless DATABASE_URL is set, migrations,
 * the demo data on a first start (DEMO_DATA), the HTTP server, the alert workers (WORKERS: in a
 * child process, or in this one). `overrides` win over the
 * environment (e2e tests use them). If any step fails, everything already started is stopped
 * before the error is rethrown: no Postgres outlives a failed start.
 */
export async function startServer(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
  /** With WORKERS=in-process only: the tests' seams (fake senders...), which cannot cross IPC. */
  alertWorkers: AlertWorkerOptions = {},
): Promise<RunningServer> {
  const config = loadConfig(env, overrides);
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const cleanups: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error('Error while stopping:', error));
    }
  };

  try {
    let connectionString = config.databaseUrl;
    if (!connectionString) {
      console.log(
        `${elapsed()} Starting the embedded Postgres (data in ${config.dataDir}/postgres)...`,
      );
      const postgres = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        log: verbose ? (line) => console.log(`[postgres] ${line}`) : undefined,
      });
      cleanups.push(postgres.stop);
      connectionString = postgres.connectionString;
    }
    // Kept open: a request on a new connection took 33–45 ms against 1–2 (decision 065).
    const database = createDatabase(connectionString, { keepConnections: true });
    cleanups.push(database.close);
    console.log(`${elapsed()} Applying the database migrations...`);
    await runMigrations(database);
    await prepareDemoData(config, database);
    const workerFigures: WorkerFigures = {};
    const app = await buildApp(config, database, { workerFigures });
    cleanups.push(() => app.close());
    if (config.workers === 'in-process') {
      // Stopped before HTTP closes (cleanups run in reverse), while the pool is still open.
      // Their figures in the API's /metrics (METRICS_PORT), as a worker process serves its own.
      const workers = await startAlertWorkers(config, database, app.log, {
        metrics: app.alertMetrics,
        ...alertWorkers,
      });
      cleanups.push(workers.stop);
    }
    if (config.workers === 'on') {
      // In a process of their own (decision 066), loading while this one starts listening; their
      // figures summed into the API's /metrics.
      const child = startWorkerChild({ ...config, databaseUrl: connectionString }, app.log);
      child.catch(noop); // a failed start is awaited (and thrown) after listening
      cleanups.push(() => child.then((started) => started.stop(), noop));
      workerFigures.read = () => child.then((started) => started.metrics());
      await app.listen({ port: config.port, host: config.host });
      await child;
      console.log(`${elapsed()} The alert workers are running in a process of their own.`);
    } else {
      await app.listen({ port: config.port, host: config.host });
    }
    let stopping: Promise<void> | undefined;
    return {
      app,
      config,
      url: config.publicUrl,
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const noop = () => {};

/** '[12.3 s]': the time since the process started, before each step the start prints. */
function elapsed(): string {
  return `[${process.uptime().toFixed(1)} s]`;
}
