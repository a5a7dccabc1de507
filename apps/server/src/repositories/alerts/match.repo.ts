import { sql } from 'drizzle-orm';
import type { PooledOrm, SqlClient } from '../../db/client.ts';
import { PG_CHANNELS } from '../../db/pg-channels.ts';
import { type FanRange, inRange } from './fan-range.repo.ts';
import {
  type DeliveryPart,
  type EventFacts,
  eventFactsSql,
  insertDeliveriesSql,
} from './match-audience.repo.ts';
import {
  beginBigMatchSql,
  claimEventSql,
  endBigMatchSql,
  holdFanDeletionsSql,
  releaseEventSql,
} from './match-locks.repo.ts';
import { dropNearbyFansSql, storeNearbyFansSql } from './match-nearby.repo.ts';

/**
 * The alert engine's match statements (alerts/match-event.ts, alerts/match-slices.ts). They run
 * on a client the matcher holds — its own session (the event's advisory lock, the big-match
 * lock), a fan range's transaction, or the demo loader's transaction — so each takes it.
 */
export const matchRepo = {
  /** Takes the event's advisory lock for this session (match-locks.repo.ts); false: another has it. */
  async claimEvent(session: SqlClient, eventId: string): Promise<boolean> {
    const { rows: claim } = await session.execute<{ claimed: boolean }>(claimEventSql(eventId));
    return claim[0]?.claimed === true;
  },

  async releaseEvent(session: SqlClient, eventId: string): Promise<void> {
    await session.execute(releaseEventSql(eventId));
  },

  /** An unmatched event's facts; undefined when it is matched or gone. */
  async eventFacts(db: SqlClient, eventId: string): Promise<EventFacts | undefined> {
    const { rows } = await db.execute<EventFacts>(eventFactsSql(eventId));
    return rows[0];
  },

  /** The same, locking the event row (history is matched inside the caller's transaction). */
  async eventFactsForUpdate(tx: SqlClient, eventId: string): Promise<EventFacts | undefined> {
    const { rows } = await tx.execute<EventFacts>(sql`${eventFactsSql(eventId)} for update of e`);
    return rows[0];
  },

  /**
   * Takes the big-match lock (shared) on the matcher's session. drizzle's query is lazy: .then()
   * runs it once, where awaiting the query itself again would rerun it.
   */
  beginBigMatch(session: SqlClient): Promise<void> {
    return session.execute(beginBigMatchSql).then(() => {});
  },

  async endBigMatch(session: SqlClient): Promise<void> {
    await session.execute(endBigMatchSql);
  },

  /** matched_at after the last range; a no-op when a replay got there first. */
  async markMatched(session: SqlClient, eventId: string): Promise<void> {
    await session.execute(sql`
      update show_events set matched_at = now() where id = ${eventId} and matched_at is null`);
  },

  async markMatchedAt(tx: SqlClient, eventId: string, deliveredAt: Date): Promise<void> {
    await tx.execute(
      sql`update show_events set matched_at = ${deliveredAt}::timestamptz where id = ${eventId}`,
    );
  },

  /** Events still unmatched, oldest first. */
  async unmatchedEventIds(orm: SqlClient, limit: number): Promise<string[]> {
    const { rows } = await orm.execute<{ id: string }>(sql`
    select id from show_events where matched_at is null order by created_at limit ${limit}`);
    return rows.map((r) => r.id);
  },

  /** First statement of a transaction that writes deliveries (match-locks.repo.ts). */
  async holdFanDeletions(tx: SqlClient): Promise<void> {
    await tx.execute(holdFanDeletionsSql);
  },

  /**
   * Locks the event row against its deletion (FOR KEY SHARE) and says whether the range already
   * has rows of it, of the part about to be written (a rerun). undefined when the event was
   * deleted or matched meanwhile.
   */
  async lockEventForRange(
    tx: SqlClient,
    eventId: string,
    range: FanRange,
    part: DeliveryPart = 'all',
  ): Promise<{ rerun: boolean } | undefined> {
    const ofPart = {
      all: sql`true`,
      in_app: sql`d.channel = 'in_app'`,
      outbound: sql`d.channel <> 'in_app'`,
    }[part];
    const { rows } = await tx.execute<{ rerun: boolean }>(sql`
    select exists (
      select 1 from alert_deliveries d
      where d.show_event_id = e.id and ${inRange('d.fan_id', range)} and ${ofPart}
    ) as rerun
    from show_events e where e.id = ${eventId} and e.matched_at is null
    for key share of e`);
    return rows[0];
  },

  /** Room to hash the audience and the push/SMS sets in memory (this transaction only). */
  async raiseWorkMem(tx: SqlClient): Promise<void> {
    await tx.execute(sql`set local work_mem = '64MB'`);
  },

  /** The one INSERT … SELECT of a range's deliveries (match-audience.repo.ts); the rows written. */
  async insertDeliveries(
    tx: SqlClient,
    ...args: Parameters<typeof insertDeliveriesSql>
  ): Promise<number> {
    const { rowCount } = await tx.execute(insertDeliveriesSql(...args));
    return rowCount ?? 0;
  },

  /**
   * An announcement's genre-and-radius fans, stored once for all the fan ranges of its match
   * (match-nearby.repo.ts), in place of what a failed match left: one transaction on a pooled
   * connection of its own, with room to sort them in memory.
   */
  async storeNearbyFans(orm: PooledOrm, eventId: string, ev: EventFacts): Promise<void> {
    await orm.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(dropNearbyFansSql(eventId));
      await tx.execute(storeNearbyFansSql(eventId, ev));
    });
  },

  async dropNearbyFans(session: SqlClient, eventId: string): Promise<void> {
    await session.execute(dropNearbyFansSql(eventId));
  },

  /** The fans of the range with an in-app alert of the event (through the primary key). */
  async inAppFans(tx: SqlClient, eventId: string, range: FanRange): Promise<string[]> {
    const { rows } = await tx.execute<{ fan_id: string }>(sql`
      select fan_id from alert_deliveries
      where show_event_id = ${eventId} and channel = 'in_app' and ${inRange('fan_id', range)}`);
    return rows.map((r) => r.fan_id);
  },

  /** NOTIFY PG_CHANNELS.matched (payload: alerts/matched-notice.ts), delivered at commit. */
  async notifyMatched(tx: SqlClient, payload: string): Promise<void> {
    await tx.execute(sql`select pg_notify(${PG_CHANNELS.matched}, ${payload})`);
  },

  /** The planner's estimate of "user"'s rows; -1 when never analysed. */
  async estimatedUsers(db: SqlClient): Promise<number> {
    const { rows: estimate } = await db.execute<{ n: number }>(
      sql`select reltuples::float8 as n from pg_class where oid = '"user"'::regclass`,
    );
    return Number(estimate[0]?.n ?? -1);
  },

  async countUsers(db: SqlClient): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`);
    return Number(rows[0]?.n ?? 0);
  },

  /** Fan ids at these quantiles of a `percent` sample of the user table's pages, ascending. */
  async fanQuantiles(db: SqlClient, fractions: number[], percent: number): Promise<string[]> {
    const { rows } = await db.execute<{ bounds: string[] | null }>(sql`
    select percentile_disc(${sql.param(fractions)}::float8[]) within group (order by id) as bounds
    from "user" tablesample system (${percent}) where role = 'fan'`);
    return rows[0]?.bounds ?? [];
  },
};
