import type { GENRES } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { CONFIRMED_SHOW } from '../show-select.repo.ts';

export type GenreFigures = {
  genre: (typeof GENRES)[number];
  events: number;
  attendance: number;
  grossRevenue: number;
};
export type ResultsSnapshot = {
  showsWithResults: number;
  averageAttendance: number | null;
  capacityRate: number | null;
  revenuePerShow: number | null;
};

/**
 * The venue's hosted shows: past (started), confirmed, not cancelled, and within the last
 * `periodDays` days, or all of them when it is null (the stats card's all-time figures).
 */
function hosted(venueId: string, periodDays: number | null): SQL {
  const since =
    periodDays === null
      ? sql`true`
      : sql`s.starts_at >= now() - make_interval(days => ${periodDays})`;
  return sql`s.venue_id = ${venueId} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
    and s.starts_at < now() and ${since}`;
}

/** The venue dashboard's genre table and revenue snapshot; the stats card reads them too. */
export function createVenueFiguresRepo(orm: Orm) {
  return {
    /** Per genre with hosted shows: events, attendance and gross revenue (results missing: 0). */
    async byGenre(venueId: string, periodDays: number | null): Promise<GenreFigures[]> {
      const { rows } = await executePrepared<GenreFigures>(
        orm,
        sql`
        select s.genre, count(*)::int as events,
          coalesce(sum(s.attendance), 0)::int as attendance,
          coalesce(sum(s.gross_revenue), 0)::float8 as "grossRevenue"
        from shows s where ${hosted(venueId, periodDays)}
        group by s.genre order by attendance desc, s.genre`,
      );
      return rows;
    },

    /** Attendance per UTC month from the period's first month to this one, zeros included. */
    async monthlyAttendance(
      venueId: string,
      periodDays: number,
    ): Promise<{ month: string; attendance: number }[]> {
      const { rows } = await executePrepared<{ month: string; attendance: number }>(
        orm,
        sql`
        with months as (
          select generate_series(
            date_trunc('month', (now() - make_interval(days => ${periodDays})) at time zone 'UTC'),
            date_trunc('month', now() at time zone 'UTC'), interval '1 month')::date as month),
        played as (
          select date_trunc('month', s.starts_at at time zone 'UTC')::date as month,
            sum(s.attendance) as attendance
          from shows s where ${hosted(venueId, periodDays)} group by 1)
        select to_char(m.month, 'YYYY-MM') as month, coalesce(p.attendance, 0)::int as attendance
        from months m left join played p on p.month = m.month order by m.month`,
      );
      return rows;
    },

    /**
     * Over hosted shows with results: average attendance (whole people), capacity rate
     * (attendance ÷ (capacity × shows), a fraction) and revenue per show; null without results.
     */
    async resultsSnapshot(venueId: string, periodDays: number | null): Promise<ResultsSnapshot> {
      const { rows } = await executePrepared<ResultsSnapshot>(
        orm,
        sql`
        select count(*)::int as "showsWithResults",
          round(avg(s.attendance))::float8 as "averageAttendance",
          (sum(s.attendance)::float8 / nullif(max(vp.max_capacity) * count(*), 0))
            as "capacityRate",
          (sum(s.gross_revenue) / nullif(count(*), 0))::float8 as "revenuePerShow"
        from shows s
        join venue_profiles vp on vp.user_id = s.venue_id
        where ${hosted(venueId, periodDays)} and s.attendance is not null`,
      );
      return rows[0] as ResultsSnapshot;
    },

    /**
     * When the venue's dashboard next changes by time alone: its next show starts (upcoming to
     * hosted), or its oldest show in the period leaves it. Cancelled shows are never read; shows
     * of any confirmation are taken (an early expiry costs one read, a late one a wrong page).
     */
    async nextTimeChange(
      venueId: string,
      periodDays: number,
    ): Promise<{ nextStartMs: number | null; leavesPeriodMs: number | null }> {
      const { rows } = await executePrepared<{
        nextStartMs: number | null;
        leavesPeriodMs: number | null;
      }>(
        orm,
        sql`
        select (extract(epoch from min(s.starts_at) filter (where s.starts_at >= now())) * 1000)::float8
            as "nextStartMs",
          (extract(epoch from min(s.starts_at + make_interval(days => ${periodDays}))
            filter (where s.starts_at >= now() - make_interval(days => ${periodDays}))) * 1000)::float8
            as "leavesPeriodMs"
        from shows s where s.venue_id = ${venueId} and s.status <> 'cancelled'`,
      );
      return rows[0] ?? { nextStartMs: null, leavesPeriodMs: null };
    },
  };
}

export type VenueFiguresRepo = ReturnType<typeof createVenueFiguresRepo>;
