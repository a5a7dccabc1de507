import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SqlClient } from './client.ts';

const dialect = new PgDialect();
/**
 * Distinct statement texts this process prepares; past it, a new text runs unnamed. Each pooled
 * connection keeps every statement it prepared (node-postgres and the Postgres backend alike)
 * until it closes, so this bounds that memory even if a caller's SQL text varied with its input.
 */
const MAX_PREPARED_TEXTS = 300;
const names = new Map<string, string>();

/** drizzle's raw `execute` leaves dates and intervals as Postgres' text: so does this. */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const types = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
};

/**
 * `orm.execute(query)` as a named prepared statement when `db` is the pool (not a transaction):
 * Postgres parses it once per connection and, after five runs, may keep a generic plan, where an
 * unnamed statement is parsed and planned on every request — for the hot reads' long joins,
 * planning cost as much as running (bench:api, pg_stat_statements' plan times). Same rows as
 * `orm.execute`. Use it for statements whose text does not depend on the input (values are
 * parameters) and whose plan does not hinge on the values.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: SqlClient,
  query: SQL,
): Promise<{ rows: T[] }> {
  const pool = '$client' in db && db.$client instanceof pg.Pool ? db.$client : null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = pool ? nameOf(text) : undefined;
  if (!pool || !name) return { rows: (await db.execute<T>(query)).rows as T[] };
  return { rows: (await pool.query({ name, text, values: params, types })).rows as T[] };
}

/** A statement rendered to text once (renderOnce), its values given by placeholder name. */
export type RenderedStatement = { text: string; params: unknown[] };

/**
 * `query`'s text and parameters, rendered now, once: its values are `sql.placeholder(name)`s,
 * filled per run by executeRendered. For a hot statement of many fragments: drizzle walks them
 * on every render (~75 µs a request for Your Alerts' one statement, with the text's lookup).
 */
export function renderOnce(query: SQL): RenderedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/** executePrepared for a statement of renderOnce: the same rows, named on the pool. */
export async function executeRendered<T extends Record<string, unknown>>(
  db: SqlClient,
  statement: RenderedStatement,
  values: Record<string, unknown>,
): Promise<{ rows: T[] }> {
  const { text } = statement;
  const client = '$client' in db ? (db.$client as pg.Pool | pg.ClientBase) : null;
  if (!client) throw new Error('a statement rendered once runs on the pool or a pg client');
  const name = client instanceof pg.Pool ? nameOf(text) : undefined;
  const query = { name, text, values: fillPlaceholders(statement.params, values), types };
  return { rows: (await client.query(query)).rows as T[] };
}

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_PREPARED_TEXTS) return known;
  const name = `encore_${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}
