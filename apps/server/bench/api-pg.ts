/**
 * What Postgres counts for `npm run bench:api`: statements (pg_stat_statements, updated as each
 * statement ends) and transactions (pg_stat_database's commits + rollbacks, which a busy backend
 * reports up to ~10 s late: PGSTAT_IDLE_INTERVAL), so a transaction count is read only after
 * `TRANSACTION_STATS_LAG_MS` has passed since the load stopped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { DemoEncore } from './demo-encore.ts';

export const TRANSACTION_STATS_LAG_MS = 11_000;

/** Marks the bench's own queries, which the statement count leaves out. */
export const MARK = '/* bench:api */';

export type PgCounters = { statements: number; transactions: number };

export type PgStats = {
  /** Whether pg_stat_statements is loaded (else `statements` is NaN). */
  statementsTracked: boolean;
  counters: () => Promise<PgCounters>;
  /** Empties pg_stat_statements, so `topStatements` tells of what follows. */
  resetStatements: () => Promise<void>;
  /**
   * The statements run most often since the reset (or, `by: 'time'`, those that took the most
   * execution and planning time in all): calls, mean execution time, planning time per call, the text.
   */
  topStatements: (
    limit: number,
    by?: 'calls' | 'time',
  ) => Promise<{ calls: number; meanMs: number; planMs: number; query: string }[]>;
  /** Calls since the reset by statement (pg_stat_statements' queryid), with the normalised text. */
  callsByStatement: () => Promise<Map<string, { calls: number; query: string }>>;
  /** Asks the server to load pg_stat_statements at its next start (a restart applies it). */
  preloadStatements: () => Promise<void>;
  close: () => Promise<void>;
};

/** The embedded Postgres' URL as its superuser (its password is in the data folder). */
export function superuserUrl(dataDir: string, pgPort: number): string {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/encore`;
}

/** A connection as the embedded Postgres' superuser. */
export async function connectSuperuser(dataDir: string, pgPort: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: superuserUrl(dataDir, pgPort) });
  // A server that goes away mid-run fails the next read with its own message, not an unhandled event.
  client.on('error', (error) => console.error(`the bench's Postgres connection: ${error.message}`));
  await client.connect();
  return client;
}

/** What Postgres counts, read as its superuser (connectSuperuser). */
/**
 * Encore's Postgres statistics with pg_stat_statements loaded (`load`): the scratch cluster is the
 * bench's, so when it is missing Encore is restarted once to load it (the demo data stays, it is
 * loaded only into an empty database).
 */
export async function connectStatementStats(encore: DemoEncore, load = true): Promise<PgStats> {
  let pgStats = await connectPgStats(encore.dataDir, encore.pgPort);
  if (!load || pgStats.statementsTracked) return pgStats;
  await pgStats.preloadStatements();
  await pgStats.close();
  await encore.restart();
  pgStats = await connectPgStats(encore.dataDir, encore.pgPort);
  return pgStats;
}

export async function connectPgStats(dataDir: string, pgPort: number): Promise<PgStats> {
  const client = await connectSuperuser(dataDir, pgPort);
  const loaded = await client.query<{ loaded: boolean }>(
    `${MARK} SELECT current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%' AS loaded`,
  );
  const statementsTracked = loaded.rows[0]?.loaded === true;
  if (statementsTracked) await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');

  const counters = async (): Promise<PgCounters> => {
    const xact = await client.query<{ n: string }>(
      `${MARK} SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
    );
    let statements = Number.NaN;
    if (statementsTracked) {
      const calls = await client.query<{ n: string }>(
        `${MARK} SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND query NOT LIKE '%bench:api%'`,
      );
      statements = Number(calls.rows[0]?.n ?? 0);
    }
    return { statements, transactions: Number(xact.rows[0]?.n ?? 0) };
  };

  return {
    statementsTracked,
    counters,
    resetStatements: async () => {
      if (statementsTracked) await client.query(`${MARK} SELECT pg_stat_statements_reset()`);
    },
    topStatements: async (limit, by = 'calls') => {
      const order = by === 'time' ? 'total_exec_time + total_plan_time' : 'calls';
      if (!statementsTracked) return [];
      const top = await client.query<{ calls: string; mean: number; plan: number; query: string }>(
        `${MARK} SELECT calls, mean_exec_time AS mean, total_plan_time / calls AS plan, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND query NOT LIKE '%bench:api%'
         ORDER BY ${order} DESC LIMIT $1`,
        [limit],
      );
      return top.rows.map((r) => ({
        calls: Number(r.calls),
        meanMs: r.mean,
        planMs: r.plan,
        query: r.query,
      }));
    },
    callsByStatement: async () => {
      const calls = new Map<string, { calls: number; query: string }>();
      if (!statementsTracked) return calls;
      const rows = await client.query<{ id: string; calls: string; query: string }>(
        `${MARK} SELECT queryid::text AS id, calls, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND query NOT LIKE '%bench:api%'`,
      );
      for (const r of rows.rows) calls.set(r.id, { calls: Number(r.calls), query: r.query });
      return calls;
    },
    preloadStatements: async () => {
      await client.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
      // Planning is part of a statement's cost that its execution time leaves out.
      await client.query('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
    },
    close: () => client.end(),
  };
}
