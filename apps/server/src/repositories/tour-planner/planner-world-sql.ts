import { sql } from 'drizzle-orm';
import { METERS_PER_MILE } from '../../domain/earth.ts';
import type { PlannerArtist, ResolvedConstraints } from '../../domain/tour-planner/types.ts';

/** fan_profiles' CHECK caps a fan's radius at 100 mi: the search box never needs more. */
const MAX_RADIUS_MILES = 100;
/** Past this many candidates, their boxes cover most fans anyway: read them all. */
const MAX_BOXES = 150;
/** "Venues of similar capacity": within ±50% of this one's. */
const SIMILAR_CAPACITY = 0.5;

export type WorldArea = {
  anywhere: boolean;
  states: string[];
  /** Lower-cased city names; a null state matches the city in any state. */
  cities: { city: string; state: string | null }[];
};

/** A show that happened, with results entered: what turnout and takings are calibrated on. */
const HAS_RESULTS = sql`s.attendance is not null and s.gross_revenue is not null
  and s.starts_at < now() and s.status <> 'cancelled' and s.confirmation = 'confirmed'`;

/**
 * One statement for the candidates (demand is `fansByPlaceSql`'s), so the cost does not grow
 * with round trips:
 * 1. `area_venues`: venue profiles (of venue users) in the capacity band and the area;
 * 2. `candidates`: those that hosted a confirmed past show in one of the artist's genres
 *    (shows_venue_starts_idx per venue), materialized so everything after reads only them;
 * 3. `booked`: each candidate's taken local nights in the window — live shows (not cancelled,
 *    not declined) and held booking requests;
 * 4. calibration from results at the venue itself, else at venues within ±50% of its capacity
 *    in the artist's genres.
 */
export function candidatesSql(artist: PlannerArtist, c: ResolvedConstraints, area: WorldArea) {
  const genres = sql`${sql.param(artist.genres)}::text[]`;
  return sql`
    with area_venues as (
      select vp.user_id as venue_id, vp.venue_name, vp.city, vp.state, vp.latitude,
        vp.longitude, vp.max_capacity, vp.operating_days
      from venue_profiles vp
      join "user" u on u.id = vp.user_id and u.role = 'venue'
      where vp.max_capacity between ${c.capacityMin} and ${c.capacityMax}
        and (${area.anywhere} or vp.state = any(${sql.param(area.states)}::text[])
          or exists (
            select 1 from jsonb_to_recordset(${JSON.stringify(area.cities)}::jsonb)
              as a(city text, state text)
            where a.city = lower(vp.city) and (a.state is null or a.state = vp.state)))
    ),
    candidates as materialized (
      select v.*, g.genre_shows
      from area_venues v
      cross join lateral (
        select count(*)::int as genre_shows from shows s
        where s.venue_id = v.venue_id and s.starts_at < now() and s.genre = any(${genres})
          and s.confirmation = 'confirmed' and s.status <> 'cancelled') g
      where g.genre_shows > 0
    ),
    nights as (
      select s.venue_id, to_char((s.starts_at at time zone s.time_zone)::date, 'YYYY-MM-DD') as d
      from candidates v
      join shows s on s.venue_id = v.venue_id
        -- A day's margin each side covers every zone; the local date decides below.
        and s.starts_at >= ${c.startDate}::date - 2 and s.starts_at < ${c.endDate}::date + 3
      where s.status <> 'cancelled' and s.confirmation <> 'declined'
      union all
      select b.venue_id, to_char(b.date, 'YYYY-MM-DD')
      from candidates v
      join booking_requests b on b.venue_id = v.venue_id and b.state = 'held'
        and b.date between ${c.startDate}::date and ${c.endDate}::date
    ),
    booked as (
      select venue_id, array_agg(distinct d order by d) as dates from nights
      where d between ${c.startDate} and ${c.endDate}
      group by venue_id
    ),
    results as (
      select s.venue_id, vp.max_capacity as capacity, s.genre, s.attendance,
        s.gross_revenue::float8 as gross
      from shows s
      join venue_profiles vp on vp.user_id = s.venue_id
      where ${HAS_RESULTS}
    ),
    own as (
      select v.venue_id, count(*)::int as n,
        avg(least(r.attendance::float8 / r.capacity, 1)) as fill,
        avg(r.gross / r.attendance) filter (where r.attendance > 0) as per_head
      from candidates v join results r on r.venue_id = v.venue_id
      group by v.venue_id
    ),
    peers as (
      select v.venue_id, count(*)::int as n,
        avg(least(r.attendance::float8 / r.capacity, 1)) as fill,
        avg(r.gross / r.attendance) filter (where r.attendance > 0) as per_head
      from candidates v
      join results r on r.venue_id <> v.venue_id and r.genre = any(${genres})
        and r.capacity between v.max_capacity * ${1 - SIMILAR_CAPACITY}::float8
          and v.max_capacity * ${1 + SIMILAR_CAPACITY}::float8
      where v.venue_id not in (select venue_id from own)
      group by v.venue_id
    )
    select v.venue_id as "venueId", v.venue_name as "venueName", v.city, v.state,
      v.latitude, v.longitude, v.max_capacity as capacity, v.operating_days as "operatingDays",
      coalesce(b.dates, '{}') as "bookedDates", v.genre_shows as "genreShows",
      case when o.n > 0 then 'venue' when sm.n > 0 then 'similar' else 'none' end as source,
      coalesce(o.n, sm.n, 0) as "calibrationShows",
      coalesce(o.fill, sm.fill) as "fillRate",
      coalesce(o.per_head, sm.per_head) as "revenuePerHead"
    from candidates v
    left join booked b on b.venue_id = v.venue_id
    left join own o on o.venue_id = v.venue_id
    left join peers sm on sm.venue_id = v.venue_id
    order by v.venue_id`;
}

/**
 * The demand's raw material, aggregated in Postgres: the artist's followers and the other fans
 * of its genres whose home lies within 100 mi (the largest radius) of some candidate, counted per
 * home point and radius. Fans' points are their ZIP's centre, so a city's thousands of fans are a
 * few hundred rows. The fans come through `fan_profiles_earth_idx` as the alert matcher reads
 * them (earth_box), one box per candidate OR-ed into one bitmap, so each fan is read once however
 * many boxes hold them; the venue-by-venue distance test against each fan's own radius is then
 * done on these few rows (domain/tour-planner/fans-in-reach.ts). Counts only: no fan id leaves.
 */
export function fansByPlaceSql(
  artist: PlannerArtist,
  venues: { latitude: number; longitude: number }[],
) {
  const genres = sql`${sql.param(artist.genres)}::text[]`;
  const box = MAX_RADIUS_MILES * METERS_PER_MILE;
  const home = sql`ll_to_earth(f.latitude, f.longitude)`;
  const near =
    venues.length > MAX_BOXES
      ? sql`true`
      : sql.join(
          venues.map(
            (v) =>
              sql`earth_box(ll_to_earth(${v.latitude}::float8, ${v.longitude}::float8), ${box}::float8) @> ${home}`,
          ),
          sql` or `,
        );
  return sql`
    with followers as (
      select fan_id from artist_alerts where performer_id = ${artist.performerId}
    ),
    by_radius as (
      select f.latitude, f.longitude, f.preferred_radius as radius,
        count(w.fan_id)::int as followers,
        count(*) filter (where w.fan_id is null)::int as genre_fans
      from fan_profiles f
      left join followers w on w.fan_id = f.user_id
      where (${near}) and (w.fan_id is not null or f.favorite_genres && ${genres})
      group by f.latitude, f.longitude, f.preferred_radius
    )
    select latitude, longitude, array_agg(radius) as radii, array_agg(followers) as followers,
      array_agg(genre_fans) as "genreFans"
    from by_radius
    group by latitude, longitude`;
}
