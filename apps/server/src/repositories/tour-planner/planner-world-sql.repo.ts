import { sql } from 'drizzle-orm';
import type { PlannerArtist, ResolvedConstraints } from '../../domain/tour-planner/types.ts';

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
 * One statement for the candidates (demand is `fanHomesSql`'s), so the cost does not grow
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
 * The demand's raw material, counted ahead in fan_homes (migration 0047, kept by the fan-profile
 * and follow writes): the rows of every fan and of the artist's followers whose home point lies
 * in the box around the candidates that holds everything within 100 mi (the largest radius) of
 * one of them. Tens of thousands of rows, each with its counts by radius and genre list packed,
 * sent as one bytea (fan-homes.repo.ts reads it): a row a point costs the driver more to parse than
 * the statement takes. The genre lists that meet the artist's come from `genreSetsSql`; the
 * venue-by-venue distance test against each radius is done on these points
 * (domain/tour-planner/fans-in-reach.ts). Counts only: no fan id leaves.
 */
export function fanHomesSql(
  artist: PlannerArtist,
  box: { latitudes: [number, number]; longitudes: [number, number] | null },
) {
  const [south, north] = box.latitudes;
  const lon = box.longitudes;
  return sql`
    select coalesce(string_agg(float8send(latitude) || float8send(longitude)
      || decode(case when followers_of = '' then '00' else '01' end, 'hex')
      || int4send(octet_length(packed)) || packed, ''::bytea), ''::bytea) as homes
    from fan_homes
    where followers_of in ('', ${artist.performerId})
      and latitude between ${south}::float8 and ${north}::float8
      ${lon ? sql`and longitude between ${lon[0]}::float8 and ${lon[1]}::float8` : sql``}`;
}

/** The ids of the fans' genre lists that hold one of the artist's genres. */
export function genreSetsSql(artist: PlannerArtist) {
  return sql`select id from fan_genre_sets where genres && ${sql.param(artist.genres)}::text[]`;
}

/**
 * Fans' open requests for a show of this artist, counted per place asked for and the fans' radius
 * (domain/tour-planner/fans-in-reach.ts' `requestsInReach` pairs them with the venues). Counts
 * only: no fan id leaves.
 */
export function showRequestsSql(artist: PlannerArtist) {
  return sql`
    select r.city, r.latitude, r.longitude, fp.preferred_radius as radius, count(*)::int as fans
    from show_requests r
    join fan_profiles fp on fp.user_id = r.fan_id
    where r.performer_id = ${artist.performerId} and r.status = 'open'
    group by r.city, r.latitude, r.longitude, fp.preferred_radius`;
}
