import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';

/**
 * Which of `fanIds` an event's fan-out has written alerts for: the fans among those whose pages a
 * process keeps, when the fan-out's notice was too big to name its fans (alerts/matched-notice.ts).
 * Every fan an event reaches has its in-app row: one probe of the centre's key (fan, the event's
 * id) per fan (decision 059).
 */
export function createMatchedFansRepo(orm: Orm) {
  return {
    async matchedAmong(eventId: string, fanIds: readonly string[]): Promise<string[]> {
      if (fanIds.length === 0) return [];
      const { rows } = await orm.execute<{ fan_id: string }>(sql`
    select d.fan_id from alert_deliveries d
    where d.channel = 'in_app' and d.fan_id = any(${sql.param([...fanIds])}::text[])
      and d.notification_id = (select notification_id from show_events where id = ${eventId})`);
      return rows.map((r) => r.fan_id);
    },
  };
}
