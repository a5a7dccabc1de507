import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';

/** Which outbox a row is in: show alerts (alert_deliveries) or artist messages (decision 045). */
export type OutboxName = 'alerts' | 'artist_messages';

/** A channel's due deliveries and the age of its oldest (seconds, null when none), per outbox. */
export type PendingByChannel = {
  outbox: OutboxName;
  channel: string;
  due: number;
  oldestSeconds: number | null;
};

/**
 * What `npm run alerts:status` reads (alerts/alerts-status.ts), in six small queries, and the
 * outbox figures of the metrics (metrics/metrics.ts): both outboxes, the alerts' and the artist
 * messages'.
 */
export function createAlertStatusRepo(orm: Orm) {
  return {
    /**
     * Due pending rows by outbox and channel, each on its pending rows' partial index (no held
     * digest rows; artist messages have no digest).
     */
    async pendingByChannel(): Promise<PendingByChannel[]> {
      const { rows } = await orm.execute<PendingByChannel>(sql`
    select 'alerts' as outbox, channel, count(*)::int as due,
      extract(epoch from now() - min(created_at))::float8 as "oldestSeconds"
    from alert_deliveries where state = 'pending' and not digest
    group by channel
    union all
    select 'artist_messages', channel, count(*)::int,
      extract(epoch from now() - min(created_at))::float8
    from artist_message_deliveries where state = 'pending'
    group by channel`);
      return rows;
    },

    /** The artist messages' outbox by channel and state. */
    async artistMessageCounts() {
      const { rows } = await orm.execute<{ channel: string; state: string; n: number }>(sql`
    select channel, state, count(*)::int as n from artist_message_deliveries
    group by channel, state`);
      return rows;
    },

    /** Deliveries by channel and state. */
    async countsByChannelAndState() {
      const { rows } = await orm.execute<{ channel: string; state: string; n: number }>(sql`
    select channel, state, count(*)::int as n from alert_deliveries group by channel, state`);
      return rows;
    },

    /** Held, carried, carriers, and the age of the oldest due row (seconds), of pending rows. */
    async pending() {
      const { rows } = await orm.execute<{
        digest: number;
        carried: number;
        carriers: number;
        oldest: number | null;
      }>(sql`
    select count(*) filter (where digest and carrier_event_id is null)::int as digest,
      count(*) filter (where carrier_event_id is not null)::int as carried,
      count(distinct (carrier_event_id, fan_id, channel))
        filter (where carrier_event_id is not null)::int as carriers,
      extract(epoch from now() - min(created_at) filter (where not digest))::float8 as oldest
    from alert_deliveries where state = 'pending'`);
      return rows[0];
    },

    async unmatchedEvents(): Promise<number> {
      const { rows } = await orm.execute<{ n: number }>(sql`
    select count(*)::int as n from show_events where matched_at is null`);
      return rows[0]?.n ?? 0;
    },

    /** The last ten failed deliveries, newest first. */
    async lastFailures() {
      const { rows } = await orm.execute<{
        at: Date;
        channel: string;
        email: string;
        error: string | null;
      }>(sql`
    select d.created_at as at, d.channel, u.email, d.last_error as error
    from alert_deliveries d join "user" u on u.id = d.fan_id
    where d.state = 'failed'
    order by d.created_at desc limit 10`);
      return rows;
    },
  };
}
