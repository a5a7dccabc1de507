import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';

/**
 * Which of `fanIds` an event's fan-out has written alerts for: the fans among those whose pages a
 * process keeps, when the fan-out's notice was too big to name its fans (alerts/matched-notice.ts).
 * One probe of the outbox's key (show_event_id, fan_id, channel) per fan.
 */
export function createMatchedFansRepo(orm: Orm) {
  return {
    async matchedAmong(eventId: string, fanIds: readonly string[]): Promise<string[]> {
      if (fanIds.length === 0) return [];
      const { rows } = await orm.execute<{ fan_id: string }>(sql`
    select distinct d.fan_id from alert_deliveries d
    where d.show_event_id = ${eventId} and d.fan_id = any(${sql.param([...fanIds])}::text[])`);
      return rows.map((r) => r.fan_id);
    },
  };
}
