/**
 * `npm run worker`: the alert engine's workers (matching, delivery, the daily digest) without
 * HTTP, against the same database as the API (DATABASE_URL, or the embedded Postgres of a running
 * Encore in DATA_DIR). Run as many as needed; set WORKERS=off on the API processes to leave the
 * work to these. SIGINT/SIGTERM finish the batches in hand, then exit.
 */
import Fastify from 'fastify';
import { startAlertWorkers } from './alerts/alert-workers.ts';
import { runningDatabaseUrl } from './alerts/running-database.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { StartupError } from './startup-error.ts';

async function main() {
  const config = loadConfig();
  // The API's logger, without the API: Fastify is only asked for its pino instance.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const database = createDatabase(runningDatabaseUrl(config));
  await runMigrations(database);
  const workers = await startAlertWorkers(config, database, log);
  console.log('Encore alert workers are running (Ctrl-C to stop)');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: stopping the alert workers...`);
      setTimeout(() => {
        console.error('The alert workers did not stop within 15 s: exiting anyway.');
        process.exit(1);
      }, 15_000).unref();
      void workers
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  }
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
