import { SHOW_REQUEST_CITIES, type TDeliveryChannel, TOUR_GAP_DAYS } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { TourCounts } from '../../domain/dashboard-figures.ts';
import { CONFIRMED_SHOW } from '../show-select.repo.ts';

/**
 * The most recent tour's figures, alerts delivered about the performer's shows, and fans' open
 * requests for a show per city.
 */
export function createPerformerReachRepo(orm: Orm) {
  return {
    /**
     * Past (started), confirmed, not cancelled shows, numbered into tours where the gap to the
     * previous show is TOUR_GAP_DAYS or more; the figures of the last tour, null without shows.
     */
    async lastTour(performerId: string): Promise<TourCounts | null> {
      const { rows } = await executePrepared<TourCounts>(
        orm,
        sql`
        with played as (
          select s.starts_at, s.attendance, s.merch_revenue, vp.max_capacity,
            case when s.starts_at - lag(s.starts_at) over (order by s.starts_at)
              >= make_interval(days => ${TOUR_GAP_DAYS}) then 1 else 0 end as starts_tour
          from shows s
          left join venue_profiles vp on vp.user_id = s.venue_id
          where s.performer_id = ${performerId} and s.starts_at < now()
            and s.status <> 'cancelled' and ${CONFIRMED_SHOW}),
        toured as (select *, sum(starts_tour) over (order by starts_at) as tour from played)
        select to_char(min(starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            as "firstShow",
          to_char(max(starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            as "lastShow",
          count(*)::int as shows, count(attendance)::int as "showsWithResults",
          coalesce(sum(attendance), 0)::int as attendance,
          coalesce(sum(max_capacity) filter (where attendance is not null), 0)::int as capacity,
          coalesce(sum(attendance) filter (where max_capacity is not null), 0)::int
            as "attendanceAtCapacity",
          sum(merch_revenue)::float8 as "merchRevenue",
          coalesce(sum(attendance) filter (where merch_revenue is not null), 0)::int
            as "attendanceWithMerch"
        from toured where tour = (select max(tour) from toured)`,
      );
      const tour = rows[0];
      return tour && tour.shows > 0 ? tour : null;
    },

    /**
     * Deliveries in state sent (a digest's riders take their carrier's) per channel, from the
     * per-event rollup (migration 0018): a handful of rows per show however big its audience.
     */
    async alertsDelivered(
      performerId: string,
    ): Promise<{ channel: TDeliveryChannel; delivered: number }[]> {
      const { rows } = await executePrepared<{ channel: TDeliveryChannel; delivered: number }>(
        orm,
        sql`
        select c.channel, sum(c.delivered)::int as delivered
        from shows s
        join show_events e on e.show_id = s.id
        join alert_delivery_counts c on c.show_event_id = e.id
        where s.performer_id = ${performerId}
        group by c.channel`,
      );
      return rows;
    },

    /**
     * Open show requests per city asked for, most first (SHOW_REQUEST_CITIES), and every open
     * request counted (a fan counts once per city).
     */
    async showRequests(performerId: string): Promise<{
      total: number;
      cities: { city: string; state: string; fans: number }[];
    }> {
      const { rows } = await orm.execute<{
        city: string;
        state: string;
        fans: number;
        total: number;
      }>(sql`
        select city, state, count(distinct fan_id)::int as fans,
          (sum(count(distinct fan_id)) over ())::int as total
        from show_requests where performer_id = ${performerId} and status = 'open'
        group by city, state
        order by fans desc, city, state
        limit ${SHOW_REQUEST_CITIES}`);
      return {
        total: rows[0]?.total ?? 0,
        cities: rows.map(({ city, state, fans }) => ({ city, state, fans })),
      };
    },
  };
}

export type PerformerReachRepo = ReturnType<typeof createPerformerReachRepo>;
