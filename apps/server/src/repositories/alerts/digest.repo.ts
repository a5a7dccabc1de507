import { sql } from 'drizzle-orm';
import { DIGEST_RELEASE_LOCK_KEY } from '../../db/advisory-locks.ts';
import type { SqlClient } from '../../db/client.ts';

/** What a release did (alerts/digest.ts). */
export type DigestRelease = {
  /** Messages made due: one per fan and channel with held rows. */
  messages: number;
  /** Held rows that ride in another row's message. */
  carried: number;
};

/** The daily digest's statements; both run in the release's one transaction. */
export const digestRepo = {
  /** Serialises releases (db/advisory-locks.ts) until the transaction ends. */
  async lockRelease(tx: SqlClient): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_RELEASE_LOCK_KEY})`);
  },

  /**
   * Turns each fan's and channel's earliest held row into the carrier (due now) and points the
   * other held rows at it, in one statement.
   */
  async releaseHeld(tx: SqlClient): Promise<DigestRelease> {
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
  },
};
