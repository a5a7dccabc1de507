import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/** When the daily digest goes out: 17:00 UTC is midday on the US east coast, morning in the west. */
export const DIGEST_CRON = '0 17 * * *';

/**
 * The daily digest, in its simplest honest form: genre-and-radius alerts of fans who chose the
 * digest wait in the outbox with `digest = true`; once a day they are made due, and dispatch
 * sends them like any other (one message per alert, not yet one combined message per fan).
 */
export async function releaseDigest(orm: Orm): Promise<number> {
  const { rowCount } = await orm.execute(sql`
    update alert_deliveries set digest = false, next_attempt_at = now()
    where digest and state = 'pending'`);
  return rowCount ?? 0;
}
