import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.ts';

/**
 * Counts behind the stats cards and analytics tabs, each role's in one statement. "Played" and
 * "hosted" mean started and not cancelled; averages are over shows whose venue entered results.
 */
export function createStatsRepo(orm: Orm) {
  async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
    const { rows } = await orm.execute<T>(query);
    return rows[0] as T;
  }

  return {
    fanCounts(userId: string) {
      return one<{
        showsAttended: number;
        showsGoingTo: number;
        showsWatching: number;
        alertsSet: number;
      }>(sql`
        select
          (select count(*)::int from show_attendance a
            where a.fan_id = ${userId} and a.status = 'attended') as "showsAttended",
          (select count(*)::int from show_attendance a join shows s on s.id = a.show_id
            where a.fan_id = ${userId} and a.status = 'going' and s.starts_at >= now()
              and s.status <> 'cancelled') as "showsGoingTo",
          (select count(*)::int from artist_alerts where fan_id = ${userId}) as "showsWatching",
          (select count(*)::int from artist_alerts where fan_id = ${userId}) as "alertsSet"`);
    },

    performerCounts(userId: string) {
      return one<{
        totalFollowers: number;
        showsPlayed: number;
        upcomingShows: number;
        alertActivations: number;
        averageAttendance: number;
      }>(sql`
        select
          (select count(distinct fan_id)::int from artist_alerts
            where performer_id = ${userId}) as "totalFollowers",
          count(*) filter (where s.starts_at < now())::int as "showsPlayed",
          count(*) filter (where s.starts_at >= now())::int as "upcomingShows",
          (select count(*)::int from artist_alerts
            where performer_id = ${userId}) as "alertActivations",
          coalesce(round(avg(s.attendance) filter (where s.starts_at < now())), 0)::float8
            as "averageAttendance"
        from shows s
        where s.performer_id = ${userId} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}`);
    },

    venueCounts(userId: string) {
      return one<{
        eventsHosted: number;
        totalAttendance: number;
        averageAttendance: number;
        revenue30Days: number;
      }>(sql`
        select
          count(*)::int as "eventsHosted",
          coalesce(sum(s.attendance), 0)::int as "totalAttendance",
          coalesce(round(avg(s.attendance)), 0)::float8 as "averageAttendance",
          coalesce(sum(s.gross_revenue) filter (
            where s.starts_at >= now() - interval '30 days'), 0)::float8 as "revenue30Days"
        from shows s
        where s.venue_id = ${userId} and s.status <> 'cancelled' and s.starts_at < now()
          and ${CONFIRMED_SHOW}`);
    },
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
