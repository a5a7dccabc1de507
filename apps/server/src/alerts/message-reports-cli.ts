/**
 * `npm run messages:reports`: the artist messages fans reported (artist, when sent, how many
 * reports, whether hidden, the words), for operators; no reporter is named. Reads DATABASE_URL,
 * or the embedded Postgres of the Encore running in DATA_DIR.
 */
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { StartupError } from '../startup-error.ts';
import { formatReportedMessages, readReportedMessages } from './message-reports.ts';
import { runningDatabaseUrl } from './running-database.ts';

try {
  const database = createDatabase(runningDatabaseUrl(loadConfig()));
  try {
    console.log(formatReportedMessages(await readReportedMessages(database.orm)));
  } finally {
    await database.close();
  }
} catch (error) {
  const detail =
    error instanceof StartupError || error instanceof Error ? error.message : String(error);
  console.error(`No message reports: ${detail}`);
  process.exitCode = 1;
}
