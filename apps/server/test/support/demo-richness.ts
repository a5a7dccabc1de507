import { SMALL_GROUP_MIN, TOUR_GAP_DAYS } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { DEMO_LOGINS } from '../../src/demo/demo-accounts.ts';

/**
 * What the demo's performer and venue dashboards have to show, read straight from the
 * tables with plain SQL, independent of the dashboard queries, so the demo test checks the data
 * and not the code it is meant to exercise.
 */

const DAY = 86_400_000;

type PastShow = {
  starts_at: Date;
  attendance: number | null;
  merch_revenue: string | null;
  capacity: number | null;
};

/** Past shows split into tours, newest first: a gap of TOUR_GAP_DAYS or more starts a new one. */
function tours(shows: PastShow[]): PastShow[][] {
  const result: PastShow[][] = [];
  let previous: number | null = null;
  for (const show of shows) {
    const at = new Date(show.starts_at).getTime();
    if (previous === null || previous - at >= TOUR_GAP_DAYS * DAY) result.push([]);
    result.at(-1)?.push(show);
    previous = at;
  }
  return result;
}

type PerformerCounts = Record<
  | 'follow_months'
  | 'follows_recent_half'
  | 'follows_older_half'
  | 'follower_cities'
  | 'upcoming_clicked'
  | 'awaiting_results'
  | 'pending'
  | 'delivered_in_app'
  | 'request_cities_counted'
  | 'request_cities_few',
  number
>;

export async function performerRichness(database: Database) {
  const me = sql`(select id from "user" where email = ${DEMO_LOGINS.performer})`;
  const past = await database.orm.execute<PastShow>(sql`
    select s.starts_at, s.attendance, s.merch_revenue::text, v.max_capacity as capacity
    from shows s left join venue_profiles v on v.user_id = s.venue_id
    where s.performer_id = ${me} and s.starts_at < now() and s.status <> 'cancelled'
      and s.confirmation = 'confirmed'
    order by s.starts_at desc`);
  const [lastTour = [], olderTour = []] = tours(past.rows);
  const { rows } = await database.orm.execute<PerformerCounts>(sql`select
    (select count(distinct date_trunc('month', created_at)) from artist_alerts
      where performer_id = ${me} and created_at > now() - interval '365 days')::int as follow_months,
    (select count(*) from artist_alerts where performer_id = ${me}
      and created_at > now() - interval '182 days')::int as follows_recent_half,
    (select count(*) from artist_alerts where performer_id = ${me}
      and created_at <= now() - interval '182 days'
      and created_at > now() - interval '365 days')::int as follows_older_half,
    (select count(distinct (f.home_city)) from artist_alerts a
      join fan_profiles f on f.user_id = a.fan_id where a.performer_id = ${me})::int as follower_cities,
    (select count(distinct c.show_id) from ticket_clicks c join shows s on s.id = c.show_id
      where s.performer_id = ${me} and s.starts_at > now())::int as upcoming_clicked,
    (select count(*) from shows where performer_id = ${me} and starts_at < now()
      and status <> 'cancelled' and confirmation = 'confirmed' and attendance is null)::int
      as awaiting_results,
    (select count(*) from shows where performer_id = ${me}
      and confirmation = 'pending')::int as pending,
    (select count(*) from alert_deliveries d join show_events e on e.id = d.show_event_id
      join shows s on s.id = e.show_id
      where s.performer_id = ${me} and d.channel = 'in_app' and d.state = 'sent')::int
      as delivered_in_app,
    (select count(*) from (select 1 from show_requests where performer_id = ${me}
      and status = 'open' group by city, state having count(*) >= 5) c)::int
      as request_cities_counted,
    (select count(*) from (select 1 from show_requests where performer_id = ${me}
      and status = 'open' group by city, state having count(*) < 5) c)::int
      as request_cities_few`);
  return { lastTour, olderTour, ...(rows[0] as PerformerCounts) };
}

export async function venueRichness(database: Database, days: number) {
  const me = sql`(select id from "user" where email = ${DEMO_LOGINS.venue})`;
  const inPeriod = sql`s.venue_id = ${me} and s.status <> 'cancelled'
    and s.confirmation = 'confirmed' and s.starts_at > now() - ${days} * interval '1 day'`;
  const { rows } = await database.orm.execute<Record<string, number>>(sql`
    with audience as (
      select distinct a.fan_id from show_attendance a join shows s on s.id = a.show_id
      where ${inPeriod}),
    fans as (select f.* from audience join fan_profiles f on f.user_id = audience.fan_id)
    select
      (select count(distinct s.genre) from shows s
        where ${inPeriod} and s.starts_at < now() and s.attendance is not null)::int
        as genres_with_results,
      (select count(*) from fans)::int as audience,
      (select max(n) from (select count(*) as n from fans group by zip_code) z)::int as top_zip,
      (select count(*) from (select 1 from fans group by age_range
        having count(*) >= ${SMALL_GROUP_MIN}) r)::int as age_ranges,
      (select count(*) from (select 1 from fans group by gender
        having count(*) >= ${SMALL_GROUP_MIN}) g)::int as genders,
      (select count(*) from shows s where s.venue_id = ${me} and s.starts_at > now()
        and s.status <> 'cancelled' and s.confirmation = 'confirmed'
        and (select count(*) from show_attendance a where a.show_id = s.id
          and a.status = 'going') >= ${SMALL_GROUP_MIN})::int as upcoming_with_going`);
  return rows[0] as Record<string, number>;
}

/**
 * What the tour planner's demo needs, as the planner's candidate rule reads it:
 * Northeast rooms of 500–1,000 that hosted confirmed past Indie/Alternative/Rock shows with
 * results, open at least four nights a week; the demo venue among them with free March nights;
 * and the demo performer's followers and its genres' fans within reach of those rooms.
 */
export async function plannerRichness(database: Database) {
  const performer = sql`(select id from "user" where email = ${DEMO_LOGINS.performer})`;
  const venue = sql`(select id from "user" where email = ${DEMO_LOGINS.venue})`;
  const genres = sql`array['Indie', 'Alternative', 'Rock']::text[]`;
  const { rows } = await database.orm.execute<Record<string, number>>(sql`
    with rooms as (
      select vp.* from venue_profiles vp
      where vp.state in ('CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA')
        and vp.max_capacity between 500 and 1000 and cardinality(vp.operating_days) >= 4
        and exists (select 1 from shows s where s.venue_id = vp.user_id
          and s.starts_at < now() and s.confirmation = 'confirmed' and s.status <> 'cancelled'
          and s.genre = any(${genres}) and s.attendance is not null
          and s.gross_revenue is not null)
    ),
    march as (
      select d::date as day from generate_series(
        make_date(extract(year from now())::int + 1, 3, 1),
        make_date(extract(year from now())::int + 1, 3, 31), interval '1 day') d
    ),
    reach as (
      select r.user_id,
        count(*) filter (where a.fan_id is not null)::int as followers,
        count(*) filter (where f.favorite_genres && ${genres})::int as genre_fans
      from rooms r join fan_profiles f
        on earth_distance(ll_to_earth(f.latitude, f.longitude),
          ll_to_earth(r.latitude, r.longitude)) <= f.preferred_radius * 1609.344
      left join artist_alerts a on a.fan_id = f.user_id and a.performer_id = ${performer}
      group by r.user_id
    )
    select
      (select count(*) from rooms)::int as rooms,
      (select count(distinct (city, state)) from rooms)::int as room_cities,
      (select count(*) from rooms where user_id = ${venue})::int as demo_venue_is_room,
      (select count(*) from shows s where s.venue_id = ${venue} and s.starts_at < now()
        and s.confirmation = 'confirmed' and s.genre = any(${genres})
        and s.attendance is not null)::int as demo_venue_genre_results,
      (select count(*) from march m where not exists (select 1 from shows s
        where s.venue_id = ${venue} and s.status <> 'cancelled'
          and (s.starts_at at time zone s.time_zone)::date = m.day))::int
        as demo_venue_free_march_nights,
      (select count(*) from reach where followers >= 5)::int as rooms_with_followers,
      (select count(*) from reach where genre_fans >= 20)::int as rooms_with_genre_fans`);
  return rows[0] as Record<string, number>;
}
