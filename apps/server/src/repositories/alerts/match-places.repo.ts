import { type SQL, sql } from 'drizzle-orm';
import { METERS_PER_MILE } from '../../domain/earth.ts';
import { metersBetween } from '../earth-sql.repo.ts';
import { type FanRange, inRange } from './fan-range.repo.ts';
import type { EventFacts } from './match-audience.repo.ts';
import { genreSettings } from './match-settings.repo.ts';

/** fan_places' CHECK caps a place's radius at 100 mi, as fan_profiles' does the home's. */
const MAX_RADIUS_MILES = 100;

/** The venue's point as earthdistance reads it. */
export const venuePoint = (ev: EventFacts): SQL =>
  sql`ll_to_earth(${ev.latitude}::float8, ${ev.longitude}::float8)`;

/**
 * Whether any kept place lies within the largest radius of the venue: one probe of
 * fan_places_earth_idx, read with the event's facts. Without one, an announcement is matched by
 * the statement as it was before places existed (decision 049: most fans keep none).
 */
export const placesNearSql = (latitude: SQL, longitude: SQL): SQL => sql`exists (
      select 1 from fan_places p
      where earth_box(ll_to_earth(${latitude}, ${longitude}), ${MAX_RADIUS_MILES * METERS_PER_MILE}::float8)
        @> ll_to_earth(p.latitude, p.longitude))`;

/**
 * A trip's days as the why-line says them: 'Mar 10–17', 'Mar 30–Apr 2', 'Mar 10' — the words of
 * the contract's tripLabel, held to it by test/alerts/fan-places-match.test.ts.
 */
export const tripLabelSql = (start: SQL, end: SQL): SQL => sql`case
        when ${start} = ${end} then to_char(${start}, 'Mon FMDD')
        when date_trunc('month', ${start}) = date_trunc('month', ${end})
          then to_char(${start}, 'Mon FMDD') || '–' || to_char(${end}, 'FMDD')
        else to_char(${start}, 'Mon FMDD') || '–' || to_char(${end}, 'Mon FMDD') end`;

/**
 * The genre rule's words for a kept place: 'Rock show 3 mi from Austin, TX — your trip, Mar 10–17',
 * or '— within your 50 mi radius' for a place without dates (the place's own radius).
 */
const placeReason = (genre: string, meters: SQL) => sql`${genre}::text || ' show '
        || coalesce(nullif(round(${meters} / ${METERS_PER_MILE}::float8)::int, 0)::text, 'under 1')
        || ' mi from ' || p.city || ', ' || p.state || ' — '
        || case when p.trip_start is null then 'within your ' || p.radius || ' mi radius'
          else 'your trip, ' || ${tripLabelSql(sql`p.trip_start`, sql`p.trip_end`)} end`;

/**
 * An announcement's genre fans among `range` by their kept places: a place within its own radius
 * of the venue (earth_box over fan_places' GiST index, then the exact distance), a trip only when
 * the show starts inside it on the venue's calendar (`local_day`), the fan's favourite genres
 * holding the show's genre and 'new shows' on. One row per fan, its nearest such place naming the
 * why. Columns: fan_id, meters, reason, digest, channels (as the home's, match-nearby.repo.ts;
 * `settled` false: without the settings' columns and condition, as the home's).
 * The distance is spelled out (metersBetween): with earth_distance it was ~9 µs a place in the box,
 * two thirds of this statement's time; the cheap tests (box, trip) come first, the fan's row (genre,
 * a primary-key probe) only for a place within its radius.
 */
export function placeFansSql(ev: EventFacts, range: FanRange, settled = true): SQL {
  const point = venuePoint(ev);
  const settings = genreSettings('p.fan_id', range);
  return sql`
    select distinct on (p.fan_id) p.fan_id, dist.meters,
      ${placeReason(ev.genre, sql`dist.meters`)} as reason
      ${settled ? sql`, ${settings.columns}` : sql``}
    from fan_places p
    join fan_profiles fp on fp.user_id = p.fan_id
    ${settled ? settings.join : sql``}
    cross join lateral (
      select ${metersBetween(point, sql`p`)} as meters offset 0
    ) dist
    where earth_box(${point}, ${MAX_RADIUS_MILES * METERS_PER_MILE}::float8)
        @> ll_to_earth(p.latitude, p.longitude)
      and dist.meters <= p.radius * ${METERS_PER_MILE}::float8
      and (p.trip_start is null or ${ev.local_day}::date between p.trip_start and p.trip_end)
      and ${ev.genre}::text = any(fp.favorite_genres)
      ${settled ? sql`and ${settings.on}` : sql``}
      and ${inRange('p.fan_id', range)}
    order by p.fan_id, dist.meters`;
}
