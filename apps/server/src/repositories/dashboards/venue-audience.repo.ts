import { SMALL_GROUP_MIN } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { AudienceCounts, AudienceZip } from '../../domain/dashboard-figures.ts';
import { CONFIRMED_SHOW } from '../show-select.repo.ts';

type AudienceRow = {
  dimension: AudienceCounts['dimension'];
  value: string;
  fans: number;
  city: string | null;
  state: string | null;
};

/**
 * The period's start; the first UTC month wholly within it; the first UTC year wholly within it
 * (both as timestamps in UTC: the period runs on past now, to every upcoming show).
 */
const since = (periodDays: number) => sql`(now() - make_interval(days => ${periodDays}))`;
const firstWholeMonth = (periodDays: number) =>
  sql`(date_trunc('month', ${since(periodDays)} at time zone 'UTC') + interval '1 month')`;
const firstWholeYear = (periodDays: number) =>
  sql`(date_trunc('year', ${firstWholeMonth(periodDays)} - interval '1 day') + interval '1 year')`;

/**
 * Fans going to or who went to the venue's confirmed, not cancelled shows starting in the period
 * or later (the period's past shows and every upcoming one), each fan once per show, per age
 * range, gender and home ZIP. The period's whole UTC years (every later one included) are read
 * from venue_audience_years, its other whole months from venue_audience_months, its first,
 * partial month from its shows' show_audience_counts (all kept by triggers, migrations 0016 and
 * 0045): a few buckets of ~1,000 rows instead of ~400 rows for every show.
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
          from (
            select y.dimension, y.value, y.fans
            from venue_audience_years y
            where y.venue_id = ${venueId} and y.year >= ${firstWholeYear(periodDays)}::date
            union all
            select m.dimension, m.value, m.fans
            from venue_audience_months m
            where m.venue_id = ${venueId} and m.month >= ${firstWholeMonth(periodDays)}::date
              and m.month < ${firstWholeYear(periodDays)}::date
            union all
            select c.dimension, c.value, c.fans
            from shows s
            join show_audience_counts c on c.show_id = s.id
            where s.venue_id = ${venueId} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
              and s.starts_at >= ${since(periodDays)}
              and s.starts_at < ${firstWholeMonth(periodDays)} at time zone 'UTC') c
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
