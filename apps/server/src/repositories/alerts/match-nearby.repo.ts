import { type SQL, sql } from 'drizzle-orm';
import { METERS_PER_MILE } from '../../domain/earth.ts';
import { metersBetween } from '../earth-sql.repo.ts';
import { type FanRange, inRange } from './fan-range.repo.ts';
import type { EventFacts } from './match-audience.repo.ts';
import { placeFansSql, venuePoint } from './match-places.repo.ts';
import { genreSettings } from './match-settings.repo.ts';
import { zipStateTable } from './zip-state.repo.ts';

/** fan_profiles' CHECK caps the concert radius at 100 mi: the search box never needs more. */
const MAX_RADIUS_MILES = 100;

/**
 * The genre rule's words, with its facts: 'Indie Rock show 12 mi from Brooklyn, NY — within your
 * 25 mi radius' (whole miles, 'under 1 mi' below half a mile; the state from the ZIP). `meters` is
 * the distance the match itself measured, so the words can never disagree with the match.
 */
const genreReason = (genre: string, meters: SQL) => sql`${genre}::text || ' show '
        || coalesce(nullif(round(${meters} / ${METERS_PER_MILE}::float8)::int, 0)::text, 'under 1')
        || ' mi from ' || fp.home_city
        || coalesce(', ' || coalesce(zs.t ->> fp.zip_code, zs.t ->> left(fp.zip_code, 3)), '')
        || ' — within your ' || fp.preferred_radius || ' mi radius'`;

/**
 * An announcement's genre-and-radius fans among `range`: whose favourite genres hold the show's
 * genre and whose home, or one of the places they keep (match-places.repo.ts), lies within its
 * radius of the venue, with 'new shows' on. Columns: fan_id, reason, digest (held for the daily
 * digest when they chose it), channels (their toggles). One row per fan: the nearest of the home
 * and the places that match names the why. With no kept place near the venue (`placed` false:
 * most announcements while most fans keep none) the statement is the home's alone, as it was.
 * `settled` false: the fan and the reason only, whatever the fan's settings (the stored set,
 * whose ranges read them for their own fans).
 */
export function nearbyFansSql(ev: EventFacts, range: FanRange, settled = true): SQL {
  if (!ev.placed) return homeFansSql(ev, range, sql``, settled);
  const settings = settled
    ? sql`, coalesce(h.digest, p.digest) as digest, coalesce(h.channels, p.channels) as channels`
    : sql``;
  // The places' fans are few (a fan keeps at most 5): hashed, and the home's rows stream past.
  return sql`
    select coalesce(h.fan_id, p.fan_id) as fan_id,
      case when p.fan_id is null or h.meters <= p.meters then h.reason else p.reason end as reason
      ${settings}
    from (${homeFansSql(ev, range, sql`, dist.meters`, settled)}) h
    full join (${placeFansSql(ev, range, settled)}) p on p.fan_id = h.fan_id`;
}

/**
 * The fans whose home lies within their radius of the venue (earth_box of the largest radius over
 * the GiST index, then the exact distance); `extra` adds columns (the distance, to compare with
 * the places'); `settled` as nearbyFansSql's.
 */
function homeFansSql(ev: EventFacts, range: FanRange, extra: SQL, settled: boolean): SQL {
  const point = venuePoint(ev);
  const settings = genreSettings('fp.user_id', range);
  // The radius test and the reason read one distance, measured once per fan in the box: the
  // lateral's OFFSET 0 keeps Postgres from inlining it, which evaluated earth_distance (and its
  // ll_to_earth) twice per matched fan — measured 2x the statement's genre branch on 200k fans.
  // Measured with earthdistance's own functions it was ~9 µs a fan (the earth domain's check and
  // the functions' bodies planned at each call); spelled out (metersBetween, the same floats) it
  // is a fraction: the statement's Postgres CPU fell by half (issue 35, docs/performance.md).
  // The genre as `@>` (not `= any`), so the genres' GIN index narrows the box's bitmap before the
  // heap is read: 59k of the box's 355k fans fetched on the 1M world, the store −9% (issue 29).
  return sql`
    select fp.user_id as fan_id, ${genreReason(ev.genre, sql`dist.meters`)} as reason
      ${settled ? sql`, ${settings.columns}` : sql``}${extra}
    from fan_profiles fp
    ${settled ? settings.join : sql``}
    cross join (select ${zipStateTable()}::jsonb as t) zs
    cross join lateral (
      select ${metersBetween(point, sql`fp`)} as meters offset 0
    ) dist
    where fp.favorite_genres @> array[${ev.genre}::text]
      and earth_box(${point}, ${MAX_RADIUS_MILES * METERS_PER_MILE}::float8)
        @> ll_to_earth(fp.latitude, fp.longitude)
      and dist.meters <= fp.preferred_radius * ${METERS_PER_MILE}::float8
      ${settled ? sql`and ${settings.on}` : sql``}
      and ${inRange('fp.user_id', range)}`;
}

/**
 * A big announcement's genre-and-radius fans, found once for the whole match and kept in
 * alert_match_nearby for its fan ranges: each range otherwise walked the venue's 100-mile box
 * in the GiST index again (docs/performance.md). The fan and the reason only, in no order: the
 * store was the one step of the match that the ranges waited for (the in-app ranges that begin
 * before it is stored now find their own inline, alerts/match-event.ts), and the fans' settings,
 * a sort and a key led by the event's id were half of it (issue 29, migration 0058; each range
 * reads its own fans' settings instead, in parallel). On a rerun, after dropNearbyFansSql (what
 * the failed match left; matchRepo.storeNearbyFans).
 */
export const storeNearbyFansSql = (eventId: string, ev: EventFacts): SQL => sql`
  insert into alert_match_nearby (show_event_id, fan_id, reason)
  select ${eventId}, n.fan_id, n.reason
  from (${nearbyFansSql(ev, { from: null, to: null }, false)}) n`;

/**
 * The stored set's fans of one range, with their settings (same columns as nearbyFansSql): the
 * range's slice of the set by its fan index, the settings by the fans' key, less any fan deleted
 * since it was stored: the set has no foreign key, and a deletion waits only for the ranges being
 * written (match-locks.repo.ts), not for the ones still to come. (The matcher's other sources
 * cascade from "user", so its insert joins no "user" row per fan.)
 */
export function storedNearbyFansSql(eventId: string, range: FanRange): SQL {
  const settings = genreSettings('n.fan_id', range);
  return sql`
  select n.fan_id, n.reason, ${settings.columns} from alert_match_nearby n
  ${settings.join}
  where n.show_event_id = ${eventId} and ${inRange('n.fan_id', range)} and ${settings.on}
    and exists (select 1 from "user" u where u.id = n.fan_id)`;
}

export const dropNearbyFansSql = (eventId: string): SQL => sql`
  delete from alert_match_nearby where show_event_id = ${eventId}`;
