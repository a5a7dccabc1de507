import { SMALL_GROUP_MIN } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { AudienceCounts, AudienceZip } from '../../domain/dashboard-figures.ts';
import { CONFIRMED_SHOW } from '../show-select.ts';

type AudienceRow = {
  dimension: AudienceCounts['dimension'];
  value: string;
  fans: number;
  city: string | null;
  state: string | null;
};

/**
 * Fans going to or who went to the venue's confirmed, not cancelled shows starting in the period
 * or later (the period's past shows and every upcoming one), each fan once per show, per age
 * range, gender and home ZIP; read from show_audience_counts (kept by triggers, migration 0016).
 * Ages and genders come back whole; of the ZIPs (one per fan home, a thousand for a big venue)
 * only the three biggest of SMALL_GROUP_MIN fans or more, named by zip_places, so ~15 rows leave
 * Postgres. Raw counts: the service suppresses small groups before anything leaves the server.
 */
export function createVenueAudienceRepo(orm: Orm) {
  return {
    async counts(
      venueId: string,
      periodDays: number,
    ): Promise<{ breakdown: AudienceCounts[]; topZips: AudienceZip[] }> {
      const { rows } = await executePrepared<AudienceRow>(
        orm,
        sql`
        with counts as (
          select c.dimension, c.value, sum(c.fans)::int as fans
          from shows s
          join show_audience_counts c on c.show_id = s.id
          where s.venue_id = ${venueId} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
            and s.starts_at >= now() - make_interval(days => ${periodDays})
          group by c.dimension, c.value
          having sum(c.fans) > 0)
        select dimension, value, fans, null as city, null as state
        from counts where dimension <> 'zip'
        union all
        (select c.dimension, c.value, c.fans, p.city, p.state
          from counts c join zip_places p on p.zip_code = c.value
          where c.dimension = 'zip' and c.fans >= ${SMALL_GROUP_MIN}
          order by c.fans desc, c.value collate "C"
          limit 3)`,
      );
      return {
        breakdown: rows.filter((r) => r.dimension !== 'zip'),
        topZips: rows.flatMap(({ dimension, value, fans, city, state }) =>
          dimension === 'zip' && city !== null && state !== null
            ? [{ zipCode: value, city, state, fans }]
            : [],
        ),
      };
    },
  };
}

export type VenueAudienceRepo = ReturnType<typeof createVenueAudienceRepo>;
