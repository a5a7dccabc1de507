import pg from 'pg';

/** One statement the app sent, with its parameters. */
export type Statement = { text: string; values: unknown[] };

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The batched rate limiter's flush (statementRecorder leaves it out). */
const RATE_LIMIT_FLUSH = /\brate_limit_counter\b/;

/**
 * Records every statement sent on `pool`'s connections while `run` runs (node-postgres'
 * `Client.query`, which drizzle, executePrepared and better-auth all end in), and only those: the
 * caches' LISTEN connections and other pools are left out. Nothing else may use the pool
 * meanwhile: run one request at a time. One writer does on its own clock, and is left out: the
 * batched rate limiter's counts (http/rate-limit-batched.ts), sent to rate_limit_counter every
 * interval for the requests an earlier test made (a flush inside `run` was once recorded as a
 * read of Your Alerts' fragments); no page reads that table.
 */
export function statementRecorder(pool: pg.Pool) {
  const ours = new WeakSet<pg.Client>();
  // Every query checks a client out, and `acquire` fires before the query is sent.
  pool.on('acquire', (client) => ours.add(client as pg.Client));

  return async function record<T>(
    run: () => Promise<T>,
  ): Promise<{ result: T; statements: Statement[] }> {
    const statements: Statement[] = [];
    const prototype = pg.Client.prototype as unknown as { query: Query };
    const original = prototype.query;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const statement = statementOf(args);
      if (ours.has(this) && !RATE_LIMIT_FLUSH.test(statement.text)) statements.push(statement);
      return original.apply(this, args);
    };
    try {
      return { result: await run(), statements };
    } finally {
      prototype.query = original;
    }
  };
}

function statementOf([config, values]: unknown[]): Statement {
  if (typeof config === 'string') return { text: config, values: asArray(values) };
  const c = config as { text?: unknown; values?: unknown };
  return { text: String(c.text ?? ''), values: asArray(c.values ?? values) };
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Statements a plan can be asked of: reads, and writes (which may read too). */
const PLANNABLE = /^[\s(]*(select|with|values|table|insert|update|delete|merge)\b/i;

/**
 * The tables `statements` touch, each with the statements that do, found by Postgres itself:
 * every `Relation Name` in the plan of each statement (`EXPLAIN` with its own parameters), so
 * joins, subqueries, CTEs and views all count. Statements without a plan (begin, commit, set,
 * LISTEN) touch none.
 */
export async function tablesOf(
  pool: pg.Pool,
  statements: readonly Statement[],
): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const { text, values } of statements) {
    const id = `${text}\n${JSON.stringify(values)}`;
    if (seen.has(id) || !PLANNABLE.test(text)) continue;
    seen.add(id);
    const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) ${text}`,
      values,
    );
    for (const name of relationNames(rows[0]?.['QUERY PLAN'])) {
      tables.set(name, [...(tables.get(name) ?? []), text]);
    }
  }
  return tables;
}

function relationNames(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) relationNames(item, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Relation Name' && typeof value === 'string') found.add(value);
      else relationNames(value, found);
    }
  }
  return found;
}

/**
 * The functions of the database's own schema that are neither trigger functions nor an
 * extension's (earthdistance, pg_trgm): a statement calling one may read tables its plan does
 * not show.
 */
export async function ownFunctions(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`
    select p.proname as name from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
  return rows.map((r) => r.name);
}

/**
 * The tables whose every write sends `channel` at commit: AFTER statement triggers, on every
 * column, enabled, that together cover INSERT, UPDATE, DELETE and TRUNCATE, calling functions
 * that `pg_notify(channel, …)` (migration 0030's `encore_public_changed` with the table's name,
 * 0039's `encore_rows_changed` with the rows' tags).
 */
export async function tablesNotifying(pool: pg.Pool, channel: string): Promise<Set<string>> {
  // tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead.
  const { rows } = await pool.query<{ table: string }>(
    `
    select c.relname as table from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and t.tgenabled <> 'D'
      and t.tgtype & (1 | 2 | 64) = 0
      and t.tgattr = ''::int2vector
      and position(format('pg_notify(%L,', $1::text) in p.prosrc) > 0
    group by c.relname
    having bit_or(t.tgtype::int) & (4 | 8 | 16 | 32) = (4 | 8 | 16 | 32)`,
    [channel],
  );
  return new Set(rows.map((r) => r.table));
}

/**
 * Written by the request's plumbing, not the page: the batched rate limiter (search is limited)
 * adds its counts on a key's first hit and on a timer, whichever request is running.
 */
export const PLUMBING = new Set(['rate_limit_counter']);

/** Whether a request's statements read its page from the database, not from memory. */
export const loaded = (statements: Statement[]) =>
  statements.some(({ text }) => ![...PLUMBING].some((table) => text.includes(table)));
