import { type TAlertChannel, type TRecommendations, tripLabel } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { METERS_PER_MILE } from '../domain/earth.ts';
import { earthBox, earthPoint, metersBetween, rendered } from './earth-sql.repo.ts';
import { CONFIRMED_SHOW, selectShows } from './show-select.repo.ts';

/**
 * Artists on tour elsewhere come from the soonest upcoming shows of the fan's genres, read in date
 * order and stopped after this many per place on the page, so a large catalogue costs a few
 * hundred rows, not every upcoming show. Artists with many shows that soon can leave the list
 * short of full; it is a recommendation list, not an index.
 */
const SOONEST_PER_ARTIST = 10;
/*
 * earthdistance spelled out (earth-sql.repo.ts), but for shows_earth_starts_idx's own expression, which
 * the index matches and never evaluates: its SQL functions cost ~35 µs of Postgres a call site on
 * every run, and earth_distance ~10 µs a row (the soonest shows take up to 120 rows).
 */
const HOME = rendered(earthPoint(sql`latitude`, sql`longitude`));
const METERS = rendered(metersBetween(sql`f.home`, sql`s`));
const IN_BOX = rendered(earthBox(sql`o.home`, sql`o.radius_m`));

type HomeRow = {
  city: string;
  radius: number;
  genres: string[];
  trip_start: string | null;
  trip_end: string | null;
};
type PickRow = {
  performer_id: string;
  show_id: string;
  meters: number;
  nearby: boolean;
  channels: TAlertChannel[] | null;
};

/**
 * 'Recommended': artists with upcoming, not cancelled shows of the fan's favourite genres (the
 * show's genre, as the alerts feed and the genre alerts read it). Those with such a show within
 * the fan's radius of home come first, by that show's date (the nearest one should two start
 * together), found through the GiST index shows_earth_starts_idx with earth_box and an exact
 * earth_distance check; then the rest by their next such show, read in date order from
 * shows_starts_idx. With the fan's alert on each. SQL only.
 */
export function createRecommendedRepo(orm: Orm) {
  return {
    /**
     * From the fan's home, or from one of the places they keep (`placeId`, decision 049: its point
     * and radius; a trip's nearby shows only inside its days, on the venue's calendar). Null when
     * the fan keeps no such place.
     */
    async forFan(
      fanId: string,
      limit: number,
      now = new Date(),
      placeId: string | null = null,
    ): Promise<TRecommendations | null> {
      // The measuring point as one row with fan_profiles' column names, so HOME reads either.
      const origin = placeId
        ? sql`select p.label as home_city, p.latitude, p.longitude, p.radius as preferred_radius,
              fp.favorite_genres, p.trip_start, p.trip_end
            from fan_places p join fan_profiles fp on fp.user_id = p.fan_id
            where p.id = ${placeId} and p.fan_id = ${fanId}`
        : sql`select home_city, latitude, longitude, preferred_radius, favorite_genres,
              null::date as trip_start, null::date as trip_end
            from fan_profiles where user_id = ${fanId}`;
      const home = await orm.execute<HomeRow>(sql`
        select home_city as city, preferred_radius as radius, favorite_genres as genres,
          trip_start::text, trip_end::text
        from (${origin}) o`);
      const fan = home.rows[0];
      if (!fan) return placeId ? null : { home: null, artists: [] };

      const { rows } = await orm.execute<PickRow>(sql`
        with fan as (
          select ${HOME} as home,
            preferred_radius * ${METERS_PER_MILE}::float8 as radius_m, favorite_genres,
            trip_start, trip_end
          from (${origin}) o
        ),
        open as not materialized (
          select s.performer_id, s.id, s.starts_at,
            ${METERS} as meters,
            ll_to_earth(s.latitude, s.longitude) as point, f.home, f.radius_m,
            f.trip_start is null
              or (s.starts_at at time zone s.time_zone)::date between f.trip_start and f.trip_end
              as in_trip
          from fan f
          join shows s on s.starts_at > ${now} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
            and s.genre = any(f.favorite_genres)
        ),
        near as (
          select distinct on (o.performer_id) o.performer_id, o.id as show_id, o.starts_at,
            o.meters
          from open o
          where ${IN_BOX} @> o.point and o.meters <= o.radius_m and o.in_trip
          order by o.performer_id, o.starts_at, o.meters, o.id
        ),
        near_page as (
          select * from near order by starts_at, performer_id limit ${limit}
        ),
        soonest as (
          select o.performer_id, o.id as show_id, o.starts_at, o.meters from open o
          order by o.starts_at, o.id
          limit ${limit * SOONEST_PER_ARTIST}
        ),
        far_page as (
          select distinct on (performer_id) * from soonest
          where performer_id not in (select performer_id from near_page)
          order by performer_id, starts_at, show_id
        ),
        picks as (
          select *, true as nearby from near_page
          union all
          select *, false as nearby from far_page
        )
        select p.performer_id, p.show_id, p.meters, p.nearby, a.channels
        from picks p
        left join artist_alerts a on a.fan_id = ${fanId} and a.performer_id = p.performer_id
        order by p.nearby desc, p.starts_at, p.performer_id
        limit ${limit}`);

      const ids = rows.map((r) => r.show_id);
      const shows =
        ids.length === 0
          ? []
          : await selectShows(orm, sql`s.id = any(${sql.param(ids)}::text[])`, sql`s.id`, limit);
      const byId = new Map(shows.map((s) => [s.id, s]));
      const artists = rows.flatMap((r) => {
        const show = byId.get(r.show_id);
        // A show deleted between the two statements drops its artist from this answer.
        if (!show) return [];
        const { id, name, genres, photoUrl } = show.performer;
        return [
          {
            id,
            name,
            genres,
            photoUrl,
            onTour: true,
            alertChannels: r.channels,
            show,
            distanceMiles: Math.round((r.meters / METERS_PER_MILE) * 10) / 10,
            nearby: r.nearby,
          },
        ];
      });
      const trip = fan.trip_start && fan.trip_end ? tripLabel(fan.trip_start, fan.trip_end) : null;
      return {
        home: { city: fan.city, radiusMiles: fan.radius, genres: fan.genres, placeId, trip },
        artists,
      };
    },
  };
}

export type RecommendedRepo = ReturnType<typeof createRecommendedRepo>;
