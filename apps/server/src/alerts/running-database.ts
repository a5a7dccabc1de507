import type { AppConfig } from '../config.ts';
import { runningEmbeddedUrl } from '../db/running-embedded.ts';
import { StartupError } from '../startup-error.ts';

/**
 * Where a side process (`npm run worker`, `npm run alerts:status`) finds Encore's database:
 * DATABASE_URL, else the embedded Postgres a running Encore started in DATA_DIR, read from its
 * postmaster.pid (PID, folder, start time, port). Two servers cannot share one data folder, so
 * without a running Encore there is nothing to connect to: the error says what to do.
 */
export function runningDatabaseUrl(config: AppConfig): string {
  if (config.databaseUrl) return config.databaseUrl;
  const found = runningEmbeddedUrl(config.dataDir);
  if (!found) {
    throw new StartupError(
      `no running Encore in ${config.dataDir} (start it with npm start, or set DATABASE_URL)`,
    );
  }
  return found;
}
