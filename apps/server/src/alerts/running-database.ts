import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { StartupError } from '../startup-error.ts';

/**
 * Where a side process (`npm run worker`, `npm run alerts:status`) finds Encore's database:
 * DATABASE_URL, else the embedded Postgres a running Encore started in DATA_DIR, read from its
 * postmaster.pid (PID, folder, start time, port). Two servers cannot share one data folder, so
 * without a running Encore there is nothing to connect to: the error says what to do.
 */
export function runningDatabaseUrl(config: AppConfig): string {
  if (config.databaseUrl) return config.databaseUrl;
  const found = runningEmbedded(config.dataDir);
  if (!found) {
    throw new StartupError(
      `no running Encore in ${config.dataDir} (start it with npm start, or set DATABASE_URL)`,
    );
  }
  return found;
}

function runningEmbedded(dataDir: string): string | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isFinite(pid) || !Number.isFinite(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // A stale file from a killed server (EPERM means alive, but another user's).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/encore`;
}
