import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';

export type FollowTotals = { followers: number; allTimeFollows: number };
export type FollowMonth = { month: string; followers: number; follows: number; unfollows: number };
export type FollowerCity = { city: string; state: string; followers: number };

/** The current UTC month's first day, in SQL: months are calendar months in UTC. */
const THIS_MONTH = sql`date_trunc('month', now() at time zone 'UTC')::date`;

/**
 * A performer's followers, read from the rollups kept by triggers (migration 0016): counting a
 * million artist_alerts rows per request is too slow. The settings Analytics tab and the stats
 * card read `totals` too, so they and the dashboard never disagree.
 */
export function createFollowerFiguresRepo(orm: Orm) {
  return {
    /** Followers now (follows minus unfollows) and every follow ever (alert activations). */
    async totals(performerId: string): Promise<FollowTotals> {
      const { rows } = await executePrepared<FollowTotals>(
        orm,
        sql`
        select coalesce(sum(follows - unfollows), 0)::int as followers,
          coalesce(sum(follows), 0)::int as "allTimeFollows"
        from performer_follow_months where performer_id = ${performerId}`,
      );
      return rows[0] ?? { followers: 0, allTimeFollows: 0 };
    },

    /** The last 12 months, oldest first: followers at each month's end (this month: now). */
    async lastTwelveMonths(performerId: string): Promise<FollowMonth[]> {
      const { rows } = await executePrepared<FollowMonth>(
        orm,
        sql`
        with months as (
          select generate_series(${THIS_MONTH} - interval '11 months', ${THIS_MONTH},
            interval '1 month')::date as month)
        select to_char(m.month, 'YYYY-MM') as month,
          (select coalesce(sum(f.follows - f.unfollows), 0) from performer_follow_months f
            where f.performer_id = ${performerId} and f.month <= m.month)::int as followers,
          coalesce(pm.follows, 0)::int as follows, coalesce(pm.unfollows, 0)::int as unfollows
        from months m
        left join performer_follow_months pm
          on pm.performer_id = ${performerId} and pm.month = m.month
        order by m.month`,
      );
      return rows;
    },

    /**
     * The three cities with the most followers, from their home ZIPs (a city spans several ZIPs)
     * named by zip_places; ties by city name. Read from performer_follower_cities (kept by
     * triggers, migration 0045), whose index hands out the three in order: summing the ZIPs per
     * city per request read 40k rows for a big audience (bench:dashboards). A ZIP zip_places
     * lacks counts in no city.
     */
    async topCities(performerId: string): Promise<FollowerCity[]> {
      const { rows } = await executePrepared<FollowerCity>(
        orm,
        sql`
        select city, state, followers from performer_follower_cities
        where performer_id = ${performerId} and followers > 0
        order by followers desc, city, state
        limit 3`,
      );
      return rows;
    },
  };
}

export type FollowerFiguresRepo = ReturnType<typeof createFollowerFiguresRepo>;
