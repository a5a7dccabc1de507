import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The connection string of the embedded Postgres a running Encore started in `dataDir`, read from
 * its postmaster.pid (PID, folder, start time, port); undefined when none runs. Side processes
 * (`npm run worker`, `alerts:status`, `demo:reset`) use it: two servers cannot share one folder.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
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
    // A stale file from a killed server (Postgres ignores it at the next start); EPERM means the
    // process is alive but another user's, as when Postgres runs as `postgres` under root.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/encore`;
}
