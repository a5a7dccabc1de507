import { sql } from 'drizzle-orm';
import type { SqlClient } from '../../src/db/client.ts';

/** The tables triggers keep from other tables' rows (counts, faces, homes). */
export const ROLLUP_TABLES = [
  'alert_delivery_counts',
  'fan_homes',
  'performer_follow_months',
  'performer_follower_cities',
  'performer_follower_zips',
  'show_audience_counts',
  'show_faces',
  'venue_audience_months',
  'venue_audience_years',
] as const;

/** Each rollup table's row count and a digest of its rows: equal when the tables are. */
export async function rollupDigests(client: SqlClient): Promise<Record<string, unknown>> {
  const digests: Record<string, unknown> = {};
  for (const table of ROLLUP_TABLES) {
    const { rows } = await client.execute(
      sql.raw(`select count(*)::int as rows,
          md5(string_agg(r::text, E'\\n' order by r::text)) as digest
        from ${table} r`),
    );
    digests[table] = rows[0];
  }
  return digests;
}
