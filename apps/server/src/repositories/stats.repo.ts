import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.repo.ts';

/**
 * Counts behind the stats cards and analytics tabs that no dashboard shows. "Played" means
 * started and not cancelled; the average is over shows whose results were entered. The figures a
 * dashboard shows too (followers, alert activations, the venue's) come from the dashboards'
 * repositories (services/stats.service.ts), so the card, the tab and the dashboard agree.
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
        showsPlayed: number;
        upcomingShows: number;
        averageAttendance: number;
      }>(sql`
        select
          count(*) filter (where s.starts_at < now())::int as "showsPlayed",
          count(*) filter (where s.starts_at >= now())::int as "upcomingShows",
          coalesce(round(avg(s.attendance) filter (where s.starts_at < now())), 0)::float8
            as "averageAttendance"
        from shows s
        where s.performer_id = ${userId} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}`);
    },
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
