/**
 * `npm run test:backup`: docs/operations.md's backup, done for real. Starts a scratch cluster of
 * the operating system's PostgreSQL (Debian's `postgresql` package: not the embedded server, so
 * Encore is proved on a Postgres an operator runs), Encore on it with the demo data, reads the
 * demo fan's alerts and notifications, backs the database up with pg_dump while Encore runs,
 * stops Encore, drops the database, restores it with pg_restore, starts Encore again on the same
 * DATA_DIR and reads the same pages: they must be the same. Prints what it measured. Exits 1,
 * saying why, on any difference or failure; removes everything it made.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startEncore } from '../bench/api-processes.ts';
import { benchPlace, freePort } from '../bench/bench-place.ts';
import { signInDemo } from '../bench/demo-encore.ts';
import { type ScratchCluster, startScratchCluster } from './os-postgres.ts';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (text: string) => console.log(`[${elapsed()}] ${text}`);

/** What the demo fan sees: the pages a restore must bring back exactly. */
async function demoFanPages(url: string) {
  const cookie = await signInDemo(url, 'fan');
  const read = async (path: string) => {
    const response = await fetch(new URL(path, url), { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return { alerts: await read('/api/fan/alerts'), notifications: await read('/api/notifications') };
}

async function main() {
  const { port, dataDir } = await benchPlace('backup', undefined, 1);
  const pgPort = await freePort();
  const pgDir = join(dataDir, 'os-postgres');
  const dump = join(dataDir, 'encore.dump');
  mkdirSync(pgDir, { recursive: true });
  // Reachable by `postgres` when we are root: the dump's folder.
  chmodSync(dataDir, 0o777);
  let encore: Awaited<ReturnType<typeof startEncore>> | undefined;
  let cluster: ScratchCluster | undefined;
  try {
    cluster = startScratchCluster(pgDir, pgPort, step);
    const database = cluster.url;
    const pg = cluster.run;
    const pgConnection = cluster.connection;

    step('Starting Encore on it with the demo data (builds the web app if needed)...');
    const env = { DATABASE_URL: database, DEMO_DATA: 'on' };
    encore = await startEncore(port, pgPort, dataDir, env);
    const before = await demoFanPages(encore.url);
    step(`Encore is up: the demo fan sees ${count(before.notifications)} notifications.`);

    step('Backing the database up with pg_dump while Encore runs...');
    const dumpStarted = Date.now();
    pg('pg_dump', [...pgConnection, '--format=custom', '--file', dump, 'encore']);
    const dumpSeconds = (Date.now() - dumpStarted) / 1000;
    const dumpBytes = statSync(dump).size;

    step('Stopping Encore, dropping the database and restoring it with pg_restore...');
    await encore.stop();
    encore = undefined;
    pg('dropdb', [...pgConnection, 'encore']);
    pg('createdb', [...pgConnection, 'encore']);
    const restoreStarted = Date.now();
    // pg_restore runs with an empty search_path, where earthdistance's ll_to_earth cannot find
    // its own `earth` type (on PostgreSQL 15 at least): the two location indexes fail. So the
    // dump becomes a script whose search_path is public, run by psql (docs/operations.md).
    const script = join(dataDir, 'restore.sql');
    pg('pg_restore', ['--file', script, dump]);
    writeFileSync(script, withPublicSearchPath(readFileSync(script, 'utf8')));
    pg('psql', [
      ...pgConnection,
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-1',
      '-f',
      script,
      'encore',
    ]);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;

    step('Starting Encore again on the restored database and the same DATA_DIR...');
    encore = await startEncore(port, pgPort, dataDir, env);
    const after = await demoFanPages(encore.url);
    if (!isDeepStrictEqual(before, after)) {
      throw new Error("after the restore the demo fan's alerts or notifications differ");
    }
    console.log(
      `\nBackup and restore held: the demo fan's ${count(before.notifications)} notifications ` +
        'and Your Alerts are the same after a drop and a restore.\n' +
        `pg_dump (while running): ${dumpSeconds.toFixed(1)} s, ${(dumpBytes / 1e6).toFixed(1)} MB; ` +
        `pg_restore: ${restoreSeconds.toFixed(1)} s; whole run ${elapsed()}.`,
    );
  } finally {
    await encore?.stop();
    try {
      cluster?.stop();
    } catch (error) {
      console.error(`PostgreSQL did not stop: ${(error as Error).message}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A restore script whose statements run with `public` on the search path (see main). */
export function withPublicSearchPath(script: string): string {
  const empty = "SELECT pg_catalog.set_config('search_path', '', false);";
  if (!script.includes(empty)) throw new Error('the restore script sets no search_path: check it');
  return script.replaceAll(empty, "SELECT pg_catalog.set_config('search_path', 'public', false);");
}

/** The number of items of a page's list (its `items`, or the page itself if it is a list). */
function count(page: unknown): number {
  if (Array.isArray(page)) return page.length;
  const items = (page as { items?: unknown[] }).items;
  return Array.isArray(items) ? items.length : 0;
}

try {
  await main();
} catch (error) {
  console.error(`\nBackup and restore FAILED: ${(error as Error).message}`);
  process.exit(1);
}
