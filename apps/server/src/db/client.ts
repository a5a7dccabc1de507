import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Orm = NodePgDatabase<typeof schema>;
/**
 * What a statement runs on when the caller holds the client: a transaction, or a session of its
 * own (the matcher's advisory-lock session). Repositories take it where a statement must run
 * there.
 */
export type SqlClient = Pick<Orm, 'execute'>;
/** The orm of a pool, not of a transaction: the matcher takes connections of its own from it. */
export type PooledOrm = Orm & { $client: pg.Pool };

/** A connection held by its caller until `release` (a broken one is dropped, not pooled again). */
export type OwnSession = { client: SqlClient; release: (broken?: Error) => void };

/**
 * A connection of the pool's own, for statements that must share a session: session-level
 * advisory locks (the matcher's event lock and big-match lock) are held by the connection.
 */
export async function ownSession(orm: PooledOrm): Promise<OwnSession> {
  const session = await orm.$client.connect();
  return { client: drizzle(session), release: (broken) => session.release(broken) };
}

/** One pool per process, shared by drizzle (our queries) and better-auth (its adapter). */
export type Database = { pool: pg.Pool; orm: PooledOrm; close: () => Promise<void> };

/**
 * How long an idle connection stays open unless the pool keeps its connections (tools, tests and
 * benches: a pool a process forgets to close then lets it exit).
 */
export const IDLE_CONNECTION_MS = 30_000;

/** A kept connection's first TCP keepalive after this long idle (Linux then probes every 75 s). */
const KEEPALIVE_IDLE_MS = 60_000;

/**
 * `keepConnections`: an idle connection is never closed (up to `max` stay open), as the API's,
 * the worker's and the alert workers' pools are. A new connection is a new Postgres backend: its
 * login, its catalog caches filled again and its statements prepared again made an API request
 * 33–45 ms against 1–2 ms on a kept one; and it faults in each 4 KB page of shared memory the
 * first time it writes there (fork maps none of them), ~10 µs a page on hosts of this class, so
 * the matcher's ranges on new connections took 0.6–0.9 s longer (decision 065).
 */
export function createDatabase(
  connectionString: string,
  { max = 10, connectionTimeoutMillis = 5_000, keepConnections = false } = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Fail fast instead of queueing forever when Postgres is unreachable: /api/health reports it.
    connectionTimeoutMillis,
    // pg-pool: 0 sets no idle timer.
    idleTimeoutMillis: keepConnections ? 0 : IDLE_CONNECTION_MS,
    // A kept connection may sit idle for hours: TCP keepalives hold it open through a firewall
    // or NAT that forgets quiet connections, and find one that is gone before a query waits on it.
    keepAlive: keepConnections,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the process;
  // the pool replaces it and the next query reports the problem.
  pool.on('error', () => {});
  // Same for a client in use: its query reports the lost connection, the event must not throw.
  pool.on('connect', (client) => client.on('error', () => {}));
  const orm = drizzle(pool, { schema });
  let closed = false;
  return {
    pool,
    orm,
    close: async () => {
      if (closed) return;
      closed = true;
      await settled(pool, SETTLE_BEFORE_CLOSE_MS);
      await pool.end();
    },
  };
}

/**
 * How long a closing pool waits for the work queued for one of its connections: a few of these
 * (the API's, the workers' two pools) must fit in main.ts' 15 s limit on a whole stop.
 */
const SETTLE_BEFORE_CLOSE_MS = 3_000;

/**
 * Resolves once nothing waits for a connection of `pool` (or after `ms`). Clients in use are left
 * to `end`, as before: waiting here for every client to come back too made one CI run's Ctrl-C
 * (Postgres stopping with Encore) pass main.ts' 15 s limit and exit 1. pg-pool's `end` serves no
 * waiter: one queued for a connection then waits out its connectionTimeoutMillis and fails. graphile-worker 0.17 completes a job without awaiting it
 * (worker.js calls completeJob with no catch) and its runner's stop does not wait for that write:
 * such a failure on the matching queue's pool, a minute after the alert workers had stopped, was
 * an unhandled rejection (`npm test` beside stress-ng, issue 32; in a worker, the process' end).
 * test/platform/pool-close.test.ts closes a pool with a query waiting.
 */
function settled(pool: pg.Pool, ms: number): Promise<void> {
  const idle = () => pool.waitingCount === 0;
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    // 'release' is emitted before the client is back among the idle ones (or handed to a waiter).
    const check = () => setImmediate(() => idle() && done());
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      pool.off('release', check);
      pool.off('remove', check);
      resolve();
    }
    pool.on('release', check);
    pool.on('remove', check);
  });
}
