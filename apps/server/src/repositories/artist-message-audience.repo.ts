import { type SQL, sql } from 'drizzle-orm';
import { METERS_PER_MILE } from '../domain/earth.ts';
import { earthBox, earthPoint, metersBetween } from './earth-sql.repo.ts';

/** Where a message's fans must live: within `radiusMi` of a point; null for every follower. */
export type MessagePlace = { latitude: number; longitude: number; radiusMi: number } | null;

/**
 * Who a performer's message reaches, as a select of (fan_id, reason, email): the fans who watch
 * the performer, and fans whose favourite genres meet the performer's who opted into artist
 * messages from their genres; never a fan who muted the performer; with a place, only fans whose
 * home, or one of whose kept places (a trip until its last day), lies within the radius (earth_box,
 * then the exact distance, as the alert match measures).
 * `email` says whether the message also goes by email: the fan's artist-messages setting (on
 * unless switched off or unsubscribed). No settings row means the defaults (settings-defaults.ts).
 */
export function messageAudienceSql(
  performerId: string,
  artistName: string,
  place: MessagePlace,
): SQL {
  const near =
    place === null
      ? sql`true`
      : (() => {
          const point = earthPoint(sql`${place.latitude}::float8`, sql`${place.longitude}::float8`);
          const meters = sql`${place.radiusMi * METERS_PER_MILE}::float8`;
          const box = earthBox(point, meters);
          // Home, or a place the fan keeps (decision 049): family's city, or a trip not yet over
          // (a presale for next month's stop is news to a fan travelling there then). Not
          // correlated: the places near the point are found once by their GiST index and hashed,
          // not probed once per follower.
          return sql`((fp.user_id is not null
              and ${box} @> ll_to_earth(fp.latitude, fp.longitude)
              and ${metersBetween(point, sql`fp`)} <= ${meters})
            or u.id in (select pl.fan_id from fan_places pl
              where (pl.trip_end is null or pl.trip_end >= current_date)
              and ${box} @> ll_to_earth(pl.latitude, pl.longitude)
              and ${metersBetween(point, sql`pl`)} <= ${meters}))`;
        })();
  return sql`
    select u.id as fan_id,
      case when w.fan_id is not null then ${`You watch ${artistName}`}
        else ${artistName} || ' plays ' || (select g from unnest(fp.favorite_genres) g
          where g = any(pp.genres) limit 1) || ', one of your favourite genres' end as reason,
      coalesce(fs.artist_messages, true) as email
    -- The candidates first, each set by index, never a scan of every fan: the watchers
    -- (artist_alerts_performer_idx), and the fans who opted into their genres' artists
    -- (fan_settings_genre_messages_idx, partial: off by default, so few) and have one of the
    -- performer's genres (fan_profiles_genres_idx, GIN), the planner starting from the smaller.
    from (select fan_id from artist_alerts where performer_id = ${performerId}
      union
      select gs.user_id from fan_settings gs
      join fan_profiles gp on gp.user_id = gs.user_id
      where gs.artist_messages_from_genres
        and gp.favorite_genres && (select genres from performer_profiles
          where user_id = ${performerId})) c
    join "user" u on u.id = c.fan_id
    join performer_profiles pp on pp.user_id = ${performerId}
    left join artist_alerts w on w.fan_id = u.id and w.performer_id = ${performerId}
    left join fan_profiles fp on fp.user_id = u.id
    left join fan_settings fs on fs.user_id = u.id
    where u.role = 'fan'
      and (w.fan_id is not null
        or (coalesce(fs.artist_messages_from_genres, false) and fp.favorite_genres && pp.genres))
      and not exists (select 1 from artist_message_mutes m
        where m.fan_id = u.id and m.performer_id = ${performerId})
      and ${near}`;
}
