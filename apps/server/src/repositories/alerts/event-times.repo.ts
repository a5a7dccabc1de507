import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';

/**
 * When each show event was written (the announcement's commit, near enough), epoch ms by event
 * id: the start of the delivery latency the workers' metrics measure (metrics/alert-metrics.ts).
 */
export function createEventTimesRepo(orm: Orm) {
  return {
    async writtenAt(eventIds: readonly string[]): Promise<Map<string, number>> {
      const { rows } = await orm.execute<{ id: string; ms: number }>(sql`
    select id, (extract(epoch from created_at) * 1000)::float8 as ms
    from show_events where id = any(${sql.param([...eventIds])}::text[])`);
      return new Map(rows.map((r) => [r.id, Number(r.ms)]));
    },
  };
}
