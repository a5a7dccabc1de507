import { sql } from 'drizzle-orm';
import type { PooledOrm, SqlClient } from '../../db/client.ts';
import { PG_CHANNELS } from '../../db/pg-channels.ts';
import {
  type EventFacts,
  eventFactsSql,
  insertDeliveriesNamingSql,
  type insertDeliveriesSql,
  MOVES,
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
 * Whether the show event (alias `e`) reads who its show's earlier alerts reached from their in-app
 * rows (match-audience.repo.ts): a postponement, a cancellation or a support act's confirmation.
 */
const readsEarlierRows = (e: string) =>
  sql`(${sql.identifier(e)}.kind = any(${sql.param([
    ...MOVES,
  ])}::text[]) or ${sql.identifier(e)}.act_performer_id is not null)`;

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

  /**
   * Whether the event must wait for an earlier event of its show still being matched (or not yet):
   * a postponement, a cancellation or a support act's confirmation reads who the show's earlier
   * alerts reached from their in-app rows (match-audience.repo.ts), which a big match is still
   * writing while its fans already have the alert (decision 064). Events of one transaction
   * (the same `created_at`) do not wait for each other.
   */
  async waitsForEarlier(db: SqlClient, eventId: string): Promise<boolean> {
    const { rows } = await db.execute<{ waits: boolean }>(sql`
      select exists (
        select 1 from show_events e
        join show_events b on b.show_id = e.show_id and b.matched_at is null
          and b.created_at < e.created_at
        where e.id = ${eventId} and ${readsEarlierRows('e')}
      ) as waits`);
    return rows[0]?.waits === true;
  },

  /**
   * Begins an unmatched event's match: draws its in-app alert's one id (decision 059) unless an
   * earlier match drew it. `rerun`: one did, and may have written rows (each range then skips the
   * rows it has). Undefined when the event is matched or gone. On the matcher's own session, so
   * the id is kept even when a range fails; in the demo loader's transaction, with its rows.
   */
  async beginMatch(db: SqlClient, eventId: string): Promise<{ rerun: boolean } | undefined> {
    const { rows } = await db.execute<{ rerun: boolean }>(sql`
      with before as (
        select notification_id from show_events
        where id = ${eventId} and matched_at is null
        for update
      )
      update show_events e
      set notification_id = coalesce(b.notification_id, nextval('alert_deliveries_id_seq'))
      from before b
      where e.id = ${eventId}
      returning b.notification_id is not null as rerun`);
    return rows[0];
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

  /**
   * matched_at after the last range; a no-op when a replay got there first. At its commit the
   * show's follow-ups that waited for it (waitsForEarlier) are announced again on the show-event
   * channel, so the matcher takes them now rather than at the next sweep; one that still waits
   * for another earlier event waits again, and is announced when that one is matched.
   */
  async markMatched(session: SqlClient, eventId: string): Promise<void> {
    await session.execute(sql`
      with matched as (
        update show_events set matched_at = now() where id = ${eventId} and matched_at is null
        returning show_id, created_at
      )
      select pg_notify(${PG_CHANNELS.showEvent}, w.id)
      from matched m
      join show_events w on w.show_id = m.show_id and w.matched_at is null
        and w.created_at > m.created_at
      where ${readsEarlierRows('w')}
      order by w.created_at`);
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
   * Locks the event row against its deletion (FOR KEY SHARE) for a range's transaction; false
   * when the event was deleted or matched meanwhile.
   */
  async lockEventForRange(tx: SqlClient, eventId: string): Promise<boolean> {
    const { rows } = await tx.execute(sql`
    select 1 from show_events e where e.id = ${eventId} and e.matched_at is null
    for key share of e`);
    return rows.length > 0;
  },

  /** Room to hash the audience and the push/SMS sets in memory (this transaction only). */
  async raiseWorkMem(tx: SqlClient): Promise<void> {
    await tx.execute(sql`set local work_mem = '64MB'`);
  },

  /**
   * The one INSERT … SELECT of a range's deliveries (match-audience.repo.ts): the rows written,
   * and the fans written for when they are few (at most `namedUpTo` rows).
   */
  async insertDeliveries(
    tx: SqlClient,
    namedUpTo: number,
    ...args: Parameters<typeof insertDeliveriesSql>
  ): Promise<{ rows: number; fans: string[] | undefined }> {
    const { rows } = await tx.execute<{ rows: number; fans: string[] | null }>(
      insertDeliveriesNamingSql(namedUpTo, ...args),
    );
    return { rows: rows[0]?.rows ?? 0, fans: rows[0]?.fans ?? undefined };
  },

  /**
   * An announcement's genre-and-radius fans, stored once for all the fan ranges of its match
   * (match-nearby.repo.ts): one transaction on a pooled connection of its own, with room to hash
   * them in memory. A rerun (beginMatch) first drops what the failed match left; a first match
   * has nothing to drop (the set is only stored once the match has begun), and skips the delete,
   * which scans the scratch: no index leads with the event (migration 0058).
   */
  async storeNearbyFans(
    orm: PooledOrm,
    eventId: string,
    ev: EventFacts,
    rerun: boolean,
  ): Promise<void> {
    await orm.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      if (rerun) await tx.execute(dropNearbyFansSql(eventId));
      await tx.execute(storeNearbyFansSql(eventId, ev));
    });
  },

  async dropNearbyFans(session: SqlClient, eventId: string): Promise<void> {
    await session.execute(dropNearbyFansSql(eventId));
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
