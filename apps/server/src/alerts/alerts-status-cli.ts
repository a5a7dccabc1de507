/**
 * `npm run alerts:status`: both outboxes at a glance — deliveries by channel and state, the oldest
 * pending one, and the last failures with their reasons. Reads DATABASE_URL, or the embedded
 * Postgres of the Encore running in DATA_DIR.
 */
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { StartupError } from '../startup-error.ts';
import { formatAlertsStatus, readAlertsStatus } from './alerts-status.ts';
import { runningDatabaseUrl } from './running-database.ts';

try {
  const database = createDatabase(runningDatabaseUrl(loadConfig()));
  try {
    console.log(formatAlertsStatus(await readAlertsStatus(database.orm)));
  } finally {
    await database.close();
  }
} catch (error) {
  const detail =
    error instanceof StartupError
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`No alert status: ${detail}`);
  process.exitCode = 1;
}
