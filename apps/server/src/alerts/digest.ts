import { sql } from 'drizzle-orm';
import { DIGEST_RELEASE_LOCK_KEY } from '../db/advisory-locks.ts';
import type { Orm } from '../db/client.ts';

/** When the daily digest goes out: 17:00 UTC is midday on the US east coast, morning in the west. */
export const DIGEST_CRON = '0 17 * * *';

export type DigestRelease = {
  /** Messages made due: one per fan and channel with held rows. */
  messages: number;
  /** Held rows that ride in another row's message. */
  carried: number;
};

/**
 * The daily digest: genre-and-radius alerts of fans who chose it wait in the outbox as held rows
 * (`digest`, pending, no carrier). At release, for each fan and channel, the earliest held row
 * becomes the carrier: due now (`digest = false`), dispatched like any row under its own
 * delivery id and keys. The others point at it (`carrier_id`) and stay pending and out of claims;
 * the claim hands the carrier's sender every show it carries (outbox.ts), so the fan gets ONE
 * email, text and push listing them, and recording the carrier's outcome gives the carried rows
 * the same final state in the same statement. A fan with one held alert on a channel gets it as
 * the normal single alert. In-app rows never wait: the notification centre had them at once.
 *
 * One statement in one transaction, after an advisory lock: a second release (another worker's
 * cron, a rerun) waits for the first to commit, then finds only rows held since, so nothing is
 * released twice. Returns what it released.
 */
export async function releaseDigest(orm: Orm): Promise<DigestRelease> {
  return orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_RELEASE_LOCK_KEY})`);
    const { rows } = await tx.execute<DigestRelease>(sql`
      with held as (
        select id, fan_id, channel from alert_deliveries
        where digest and state = 'pending' and carrier_id is null
        for update
      ),
      carriers as (
        select fan_id, channel, min(id) as id from held group by fan_id, channel
      ),
      released as (
        update alert_deliveries d set digest = false, next_attempt_at = now()
        from carriers c where d.id = c.id
        returning d.id
      ),
      carried as (
        update alert_deliveries d set carrier_id = c.id
        from held h join carriers c on c.fan_id = h.fan_id and c.channel = h.channel
        where d.id = h.id and h.id <> c.id
        returning d.id
      )
      select (select count(*) from released)::int as messages,
        (select count(*) from carried)::int as carried`);
    return rows[0] ?? { messages: 0, carried: 0 };
  });
}
