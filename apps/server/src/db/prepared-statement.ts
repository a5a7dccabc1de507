import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Orm, PooledOrm } from './client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Date-like values stay the strings Postgres sent, as drizzle's own node-postgres driver leaves
 * them (drizzle-orm/node-postgres/session.js): rows read here look the same as orm.execute's.
 */
const RAW_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115,
  1182,
  1185,
  1187,
  1231,
]);
const types = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
};

/**
 * Runs a statement the hot loops repeat thousands of times (the dispatch's claim and outcome
 * writes) as a named prepared statement: each pooled connection has Postgres parse and analyse
 * it once, then sends only Bind/Execute. The name is a hash of the statement's text, so a
 * statement whose SQL changes gets a new name, and two texts never share one. Only for statements
 * whose text is fixed (values as parameters, arrays as one array parameter): a text that varies
 * with its input would prepare a new statement on every connection every time.
 * The result is what orm.execute gives (same rows, dates as strings).
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  orm: Orm,
  query: SQL,
): Promise<{ rows: Row[] }> {
  // A transaction's orm has no client of its own here: it runs the statement unnamed.
  const client = (orm as Partial<PooledOrm>).$client;
  if (!client) {
    const { rows } = await orm.execute(query);
    return { rows: rows as Row[] };
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined) {
    name = `encore_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    // Bounded against misuse (a varying text): forgetting names costs only a re-hash.
    if (names.size >= 1_000) names.clear();
    names.set(text, name);
  }
  const result = await client.query<Row>({ name, text, values: params, types });
  return { rows: result.rows };
}
