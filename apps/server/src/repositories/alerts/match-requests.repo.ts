import { showRequestReason } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import { METERS_PER_MILE } from '../../domain/earth.ts';
import { type FanRange, inRange } from './fan-range.repo.ts';
import type { EventFacts } from './match-audience.repo.ts';
import { SETTINGS_CHANNELS } from './match-settings.repo.ts';

/**
 * The requesters slice: fans with an open request to the show's headliner whose requested place
 * lies within their own radius of the venue. They hear of the announcement whatever their
 * new-shows setting and genres say (they asked for it), on in-app plus their notification toggles,
 * never held for the digest, with the reason 'You asked for a show in Denver', which takes
 * precedence over a watch's or a genre's. Columns: fan_id, reason, channels (outbound only).
 * The nearest requested place names the city when a fan has several open requests in reach.
 * `answered`: the requests this show closed instead of the open ones: a big audience's outbound
 * pass (match-audience.repo.ts) comes after its in-app pass closed them.
 *
 * Only when the event's facts say the headliner has open requests (`ev.requested`, one index
 * probe when the facts are read): an announcement of an artist nobody asked is matched by the
 * very statement it was before this slice existed.
 */
export function requestersSql(ev: EventFacts, range: FanRange, answered = false): SQL {
  const venue = sql`ll_to_earth(${ev.latitude}::float8, ${ev.longitude}::float8)`;
  return sql`
    select distinct on (r.fan_id) r.fan_id,
      ${showRequestReason('')}::text || r.city as reason, ${SETTINGS_CHANNELS} as channels
    from show_requests r
    join fan_profiles fp on fp.user_id = r.fan_id and ${inRange('fp.user_id', range)}
    left join fan_settings fs on fs.user_id = r.fan_id and ${inRange('fs.user_id', range)}
    cross join lateral (
      select earth_distance(${venue}, ll_to_earth(r.latitude, r.longitude)) as meters offset 0
    ) dist
    where r.performer_id = ${ev.performer_id} and ${
      answered ? sql`r.status = 'closed' and r.show_id = ${ev.show_id}` : sql`r.status = 'open'`
    }
      and dist.meters <= fp.preferred_radius * ${METERS_PER_MILE}::float8
      and ${inRange('r.fan_id', range)}
    order by r.fan_id, dist.meters`;
}

/**
 * Closes the requests the announcement answered (every open request of a requester in reach, on
 * this show), in the statement that writes their alerts: the alert and the closing commit
 * together, so a request is never closed without its alert nor alerted twice.
 */
export function closeRequestsSql(ev: EventFacts, range: FanRange, at: Date | null): SQL {
  const venue = sql`ll_to_earth(${ev.latitude}::float8, ${ev.longitude}::float8)`;
  return sql`
    update show_requests r set status = 'closed', show_id = ${ev.show_id},
      closed_at = coalesce(${at}::timestamptz, now())
    from fan_profiles fp
    where fp.user_id = r.fan_id and r.performer_id = ${ev.performer_id} and r.status = 'open'
      and earth_distance(${venue}, ll_to_earth(r.latitude, r.longitude))
        <= fp.preferred_radius * ${METERS_PER_MILE}::float8
      and ${inRange('r.fan_id', range)} and ${inRange('fp.user_id', range)}
    returning r.fan_id`;
}
