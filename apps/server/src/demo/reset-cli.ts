/**
 * `npm run demo:reset`: deletes the demo accounts (every user with an @demo.encore.test email,
 * with everything that cascades from them) and loads the demo data set again, in one
 * transaction. Real accounts are left alone.
 *
 * Against DATABASE_URL it connects there. Otherwise it uses the embedded Postgres in DATA_DIR:
 * when Encore is running, it connects to that server (the app keeps no state of its own, so the
 * next page load shows the fresh set; demo sessions end with their accounts); when it is
 * stopped, it starts Postgres itself for the duration of the reset, as `npm start` would.
 */
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { runningEmbeddedUrl } from '../db/running-embedded.ts';
import { StartupError } from '../startup-error.ts';
import { demoLoginsLine } from './demo-accounts.ts';
import { resetDemoData } from './load-demo-data.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let connectionString = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  let stopPostgres: (() => Promise<void>) | undefined;
  if (connectionString) {
    console.log(
      `Resetting the demo data in ${config.databaseUrl ? 'DATABASE_URL' : 'the running Encore'}...`,
    );
  } else {
    console.log(`Starting the embedded Postgres (data in ${config.dataDir}/postgres)...`);
    const postgres = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
    });
    stopPostgres = postgres.stop;
    connectionString = postgres.connectionString;
  }
  const database = createDatabase(connectionString);
  try {
    await runMigrations(database);
    const result = await resetDemoData(database);
    console.log(`Demo data reset in ${result.seconds.toFixed(1)} s — ${demoLoginsLine()}`);
  } finally {
    await database.close();
    await stopPostgres?.();
  }
}

try {
  await main();
} catch (error) {
  console.error(describeFailure(error));
  process.exitCode = 1;
}

function describeFailure(error: unknown): string {
  if (error instanceof StartupError) return `Demo data not reset: ${error.message}`;
  // Our own explanations (a demo username taken by a real account) say everything already.
  if (error instanceof Error && error.message.startsWith('Demo data')) return error.message;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `Demo data not reset: ${detail}`;
}
