import { loadConfig } from '../config.ts';
import type { Orm } from '../db/client.ts';
import { createDatabase } from '../db/client.ts';
import { runningDatabaseUrl } from './running-database.ts';

/**
 * An operator's command (`npm run alerts:status`, `npm run messages:reports`): reads Encore's
 * database (DATABASE_URL, or the embedded Postgres of the Encore running in DATA_DIR) and prints
 * the report; otherwise prints `{failure}: {why}` (what to do, when nothing is running) and
 * exits with 1.
 */
export async function runDatabaseCommand(
  failure: string,
  report: (orm: Orm) => Promise<string>,
): Promise<void> {
  try {
    const database = createDatabase(runningDatabaseUrl(loadConfig()));
    try {
      console.log(await report(database.orm));
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
