import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import type { AUDIENCE_DIMENSIONS } from '../../db/schema/index.ts';
import { CONFIRMED_SHOW } from '../show-select.ts';

export type AudienceCount = {
  dimension: (typeof AUDIENCE_DIMENSIONS)[number];
  value: string;
  fans: number;
};

/**
 * Fans going to or who went to the venue's confirmed, not cancelled shows starting in the period
 * or later (the period's past shows and every upcoming one), each fan once per show, per age
 * range, gender and home ZIP; read from show_audience_counts (kept by triggers, migration 0016).
 * Raw counts: the service suppresses small groups before anything leaves the server.
 */
export function createVenueAudienceRepo(orm: Orm) {
  return {
    async counts(venueId: string, periodDays: number): Promise<AudienceCount[]> {
      const { rows } = await orm.execute<AudienceCount>(sql`
        select c.dimension, c.value, sum(c.fans)::int as fans
        from shows s
        join show_audience_counts c on c.show_id = s.id
        where s.venue_id = ${venueId} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
          and s.starts_at >= now() - make_interval(days => ${periodDays})
        group by c.dimension, c.value
        having sum(c.fans) > 0`);
      return rows;
    },
  };
}

export type VenueAudienceRepo = ReturnType<typeof createVenueAudienceRepo>;
