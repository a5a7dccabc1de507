import { sql } from 'drizzle-orm';
import { DIGEST_RELEASE_LOCK_KEY } from '../../db/advisory-locks.ts';
import type { SqlClient } from '../../db/client.ts';
import { PG_CHANNELS } from '../../db/pg-channels.ts';

/**
 * An outbox row (alias `d`, or none) that waits for the fan's next daily digest: held at match
 * (`digest`), still pending, and not yet made a carrier's rider by a release. What the release
 * takes, what the notification centre labels and the account export lists, what
 * `npm run alerts:status` counts as held.
 */
export const heldForDigest = (alias = '') => {
  const a = alias ? `${alias}.` : '';
  return `${a}digest and ${a}state = 'pending' and ${a}carrier_event_id is null`;
};

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
        select show_event_id, fan_id, channel, created_at from alert_deliveries
        where ${sql.raw(heldForDigest())}
        for update
      ),
      carriers as (
        select distinct on (fan_id, channel) fan_id, channel, show_event_id
        from held order by fan_id, channel, created_at, show_event_id
      ),
      released as (
        update alert_deliveries d set digest = false, next_attempt_at = now()
        from carriers c
        where d.show_event_id = c.show_event_id and d.fan_id = c.fan_id and d.channel = c.channel
          and d.channel <> 'in_app'
        returning 1
      ),
      carried as (
        update alert_deliveries d set carrier_event_id = c.show_event_id
        from held h join carriers c on c.fan_id = h.fan_id and c.channel = h.channel
        where d.show_event_id = h.show_event_id and d.fan_id = h.fan_id and d.channel = h.channel
          and d.channel <> 'in_app' and h.show_event_id <> c.show_event_id
        returning 1
      )
      select (select count(*) from released)::int as messages,
        (select count(*) from carried)::int as carried`);
    const release = rows[0] ?? { messages: 0, carried: 0 };
    // The held rows are no longer waiting: the notification centres that labelled them drop
    // from the page caches at commit (http/private-change-listener.ts). One notice a day naming
    // no one: every centre goes once, which costs less than listing a day's digest fans.
    if (release.messages > 0) {
      await tx.execute(sql`select pg_notify(${PG_CHANNELS.digestReleased}, '')`);
    }
    return release;
  },
};
