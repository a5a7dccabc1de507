import { sql } from 'drizzle-orm';
import type { Orm } from '../../src/db/client.ts';

/**
 * Rate limits count in fixed windows on the database's clock (rate-limit.repo.ts). A burst of
 * requests that crossed into the next window would start counting again, so a test that
 * expects the Nth request refused first waits, if need be, until the window has `seconds` left.
 */
export async function awayFromWindowEnd(orm: Orm, windowSeconds = 60, seconds = 10) {
  const { rows } = await orm.execute<{ left: number }>(
    sql`select (${windowSeconds} - extract(epoch from now()) % ${windowSeconds})::float8 as left`,
  );
  const left = Number(rows[0]?.left ?? windowSeconds);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
