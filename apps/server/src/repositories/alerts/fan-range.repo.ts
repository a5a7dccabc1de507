import { type SQL, sql } from 'drizzle-orm';

/**
 * A slice of the fans by id, [from, to): a big audience is written one slice per transaction.
 * null: open on that side; both null: every fan. `only`: these fans of the slice alone (a reach's
 * readers, repositories/alerts/reach.repo.ts, ask the match's rules about the fans they serve).
 */
export type FanRange = { from: string | null; to: string | null; only?: readonly string[] };
export const ALL_FANS: FanRange = { from: null, to: null };

/**
 * The range as a condition on one fan id column. Put on every table the audience reads, so each
 * slice reads its own fans through the indexes instead of everyone's and then filtering.
 */
export function inRange(column: string, range: FanRange): SQL {
  const col = sql.raw(column);
  const parts = [sql`true`];
  if (range.from !== null) parts.push(sql`${col} >= ${range.from}`);
  if (range.to !== null) parts.push(sql`${col} < ${range.to}`);
  if (range.only) parts.push(sql`${col} = any(${sql.param([...range.only])}::text[])`);
  return sql.join(parts, sql` and `);
}
