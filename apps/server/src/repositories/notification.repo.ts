import type { TNotification } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  ALERT_FACTS_COLUMNS,
  ALERT_FACTS_JOINS,
  type AlertFactsRow,
  alertBody,
  alertFactsOf,
  alertTitle,
} from '../alerts/alert-text.ts';
import { ALL_FANS, type FanRange } from '../alerts/match-audience.ts';
import { PG_CHANNELS } from '../alerts/pg-channels.ts';
import type { Orm } from '../db/client.ts';

type NotificationRow = AlertFactsRow & {
  id: string;
  fan_id: string;
  reason: string;
  show_id: string;
  created_at: Date;
  read_at: Date | null;
};

/**
 * The notification centre: a fan's in-app deliveries (alert_deliveries, channel 'in_app'), newest
 * first, with their texts composed from the show as it is now.
 */
export function createNotificationRepo(orm: Orm) {
  async function select(
    where: SQL,
    limit: number,
  ): Promise<Array<TNotification & { fanId: string }>> {
    const { rows } = await orm.execute<NotificationRow>(sql`
      select d.id::text as id, d.fan_id, e.kind, d.reason, s.id as show_id, d.created_at,
        d.read_at, ${sql.raw(ALERT_FACTS_COLUMNS)}
      from alert_deliveries d
      join show_events e on e.id = d.show_event_id
      join shows s on s.id = e.show_id
      ${sql.raw(ALERT_FACTS_JOINS)}
      where d.channel = 'in_app' and ${where}
      order by d.id desc
      limit ${limit}`);
    return rows.map(toNotification);
  }

  return {
    /** One page, newest first: rows older than `before` (a delivery id), `limit` of them. */
    page(fanId: string, before: number | null, limit: number) {
      return select(
        before === null ? sql`d.fan_id = ${fanId}` : sql`d.fan_id = ${fanId} and d.id < ${before}`,
        limit,
      );
    },

    /**
     * The in-app alerts one show event gave to some fans (the ones streaming here), among the
     * fans of `range` (the slice of a big audience just committed).
     */
    ofEvent(eventId: string, fanIds: string[], range: FanRange = ALL_FANS) {
      if (fanIds.length === 0) return Promise.resolve([]);
      const bounds = [
        range.from === null ? sql`true` : sql`d.fan_id >= ${range.from}`,
        range.to === null ? sql`true` : sql`d.fan_id < ${range.to}`,
      ];
      return select(
        sql`d.show_event_id = ${eventId} and d.fan_id = any(${sql.param(fanIds)}::text[])
          and ${sql.join(bounds, sql` and `)}`,
        fanIds.length,
      );
    },

    async unread(fanId: string): Promise<number> {
      return (await this.unreadOf([fanId])).get(fanId) ?? 0;
    },

    async unreadOf(fanIds: string[]): Promise<Map<string, number>> {
      const { rows } = await orm.execute<{ fan_id: string; unread: number }>(sql`
        select fan_id, count(*)::int as unread from alert_deliveries
        where channel = 'in_app' and read_at is null
          and fan_id = any(${sql.param(fanIds)}::text[])
        group by fan_id`);
      return new Map(fanIds.map((id) => [id, rows.find((r) => r.fan_id === id)?.unread ?? 0]));
    },

    /**
     * Marks the fan's own alerts read (some ids, or all), and tells the fan's open streams in
     * every process (NOTIFY at commit). Ids of other fans' rows are simply not matched.
     */
    async markRead(fanId: string, ids: number[] | 'all'): Promise<void> {
      const which = ids === 'all' ? sql`true` : sql`id = any(${sql.param(ids)}::bigint[])`;
      await orm.transaction(async (tx) => {
        await tx.execute(sql`
          update alert_deliveries set read_at = now()
          where fan_id = ${fanId} and channel = 'in_app' and read_at is null and ${which}`);
        await tx.execute(sql`select pg_notify(${PG_CHANNELS.read}, ${fanId})`);
      });
    },
  };
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>;

function toNotification(r: NotificationRow): TNotification & { fanId: string } {
  const facts = alertFactsOf(r);
  return {
    id: r.id,
    fanId: r.fan_id,
    kind: r.kind,
    title: alertTitle(facts),
    body: alertBody(facts),
    reason: r.reason,
    showId: r.show_id,
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}
