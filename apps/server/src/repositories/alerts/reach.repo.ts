import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { PG_CHANNELS } from '../../db/pg-channels.ts';
import { type EventFacts, reachedFansSql } from './match-audience.repo.ts';

/**
 * A big audience reached at one commit (decision 064; db/schema/alert-reaches.ts): while an
 * event's in-app rows are being written one fan range at a time, its reach says that every fan
 * of the audience has the alert. A reader asks the match's own rules (reachedFansSql) about the
 * fans it serves, and shows each fan reached whose row is not written yet the item the row will
 * be: the event's one id (decision 059), the rule's reason, read if the fan read it meanwhile
 * (alert_early_reads, applied to the row when the reach ends).
 */
export type Reach = {
  eventId: string;
  notificationId: number;
  facts: EventFacts;
  /** When the reach began (ISO): the items' time until their rows are written. */
  reachedAt: string;
};

/**
 * The reaches in progress as one JSON array, to select beside a reader's own statement (no round
 * trip of its own): nearly always empty, a row while a big announcement is written.
 */
export const REACHES_JSON = sql`(select coalesce(json_agg(json_build_object(
    'eventId', r.show_event_id, 'notificationId', r.notification_id, 'facts', r.facts,
    'reachedAt', r.reached_at)), '[]'::json) from alert_reaches r)`;

/** REACHES_JSON's value as reaches (the JSON's numbers and times as the reader wants them). */
export function reachesOf(json: unknown): Reach[] {
  if (!Array.isArray(json)) return [];
  return (json as Reach[]).map((r) => ({
    ...r,
    notificationId: Number(r.notificationId),
    reachedAt: new Date(r.reachedAt).toISOString(),
  }));
}

/**
 * The reach's alerts of `fans` whose rows are not written yet, as rows of alert_deliveries (the
 * columns the centre's alerts query reads), to stand in for the table in that query: the fans the
 * match's rules reach, less those with their row, read when they read it early.
 */
export function reachedRowsSql(reach: Reach, fans: readonly string[]): SQL {
  const id = reach.notificationId;
  const list = sql.param([...fans]);
  // The fans' rows written already, by the centre's key: a probe per fan. (As a NOT EXISTS per
  // reached fan, Postgres planned a scan of the outbox from its statistics, which the pass
  // outdates as it writes: measured 15 ms a read at 100,000 fans.)
  return sql`(
    with reached as (${reachedFansSql(reach.eventId, reach.facts, fans)}),
    written as (
      select x.fan_id from alert_deliveries x
      where x.channel = 'in_app' and x.fan_id = any(${list}::text[]) and x.notification_id = ${id})
    select ${id}::bigint as notification_id, f.fan_id, ${reach.eventId}::text as show_event_id,
      'in_app'::text as channel, f.reason, ${reach.reachedAt}::timestamptz as created_at,
      er.read_at
    from reached f
    left join alert_early_reads er on er.fan_id = f.fan_id and er.notification_id = ${id}
    where f.fan_id not in (select fan_id from written))`;
}

/** The read mark of an alert written during its reach: its early read, if the fan made one. */
export const EARLY_READ_OF = (alias: string) => {
  const d = sql.raw(alias);
  return sql`(select er.read_at from alert_early_reads er
    where er.fan_id = ${d}.fan_id and er.notification_id = ${d}.notification_id)`;
};

export const reachRepo = {
  /**
   * Begins the event's reach before its in-app pass, and tells every process at commit (`notice`,
   * alerts/matched-notice.ts: the centres' pages are dropped, the streams read the fans they
   * serve). A rerun finds it begun. Answers when it began: the time of the in-app rows written
   * for it, so an alert reads the same before and after its row is written.
   */
  async begin(orm: Orm, eventId: string, facts: EventFacts, notice: string): Promise<string> {
    return orm.transaction(async (tx) => {
      await tx.execute(sql`
        insert into alert_reaches (show_event_id, notification_id, facts)
        values (${eventId}, ${facts.notification_id}::bigint, ${JSON.stringify(facts)}::jsonb)
        on conflict (show_event_id) do nothing`);
      const { rows } = await tx.execute<{ reached_at: string }>(sql`
        select reached_at::text as reached_at from alert_reaches where show_event_id = ${eventId}`);
      await tx.execute(sql`select pg_notify(${PG_CHANNELS.matched}, ${notice})`);
      const reachedAt = rows[0]?.reached_at;
      if (!reachedAt) throw new Error('a reach just written (or kept) is there');
      return reachedAt;
    });
  },

  /**
   * Ends the reach once every in-app row is written: the early read marks go onto their rows,
   * and every process drops the pages read while it lasted (`notice`). The reach's row goes first: a read
   * mark being made holds it (FOR KEY SHARE, markEarlyRead), so the marks applied after are all.
   */
  async end(orm: Orm, eventId: string, notice: string): Promise<void> {
    await orm.transaction(async (tx) => {
      const { rows } = await tx.execute<{ notification_id: string }>(sql`
        delete from alert_reaches where show_event_id = ${eventId}
        returning notification_id::text as notification_id`);
      const id = rows[0]?.notification_id;
      if (id !== undefined) {
        await tx.execute(sql`
          update alert_deliveries d set read_at = er.read_at
          from alert_early_reads er
          where er.notification_id = ${id}::bigint and d.fan_id = er.fan_id
            and d.channel = 'in_app' and d.notification_id = ${id}::bigint and d.read_at is null`);
      }
      // Its marks, and any left by a reach that ended while the mark was being made.
      await tx.execute(sql`
        delete from alert_early_reads
        where notification_id not in (select notification_id from alert_reaches)`);
      await tx.execute(sql`select pg_notify(${PG_CHANNELS.matched}, ${notice})`);
    });
  },

  /**
   * Inside a read mark's transaction: the user's marks on the alerts of the reaches in progress
   * (some ids, or all), whether or not their rows are written yet (reach.end applies them).
   */
  markEarlyRead: (userId: string, ids: number[] | 'all') => sql`
    insert into alert_early_reads (fan_id, notification_id)
    select ${userId}, r.notification_id from alert_reaches r
    where ${ids === 'all' ? sql`true` : sql`r.notification_id = any(${sql.param(ids)}::bigint[])`}
      and exists (select 1 from "user" u where u.id = ${userId})
    for key share of r
    on conflict do nothing`,
};
