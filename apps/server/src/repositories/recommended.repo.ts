import type { TAlertChannel, TRecommendations } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { selectShows } from './show-select.ts';

const METERS_PER_MILE = 1609.344;

type HomeRow = { city: string; radius: number; genres: string[] };
type PickRow = {
  performer_id: string;
  show_id: string;
  meters: number;
  nearby: boolean;
  channels: TAlertChannel[] | null;
};

/**
 * 'Recommended': artists on tour (an upcoming show that is not cancelled) whose genres include one
 * of the fan's favourites. Those with a show within the fan's radius of home come first, by that
 * show's date; the rest by their next show. Each comes with the show that earned the place (the
 * nearest one at that instant, should two start together) and the fan's alert on them. SQL only.
 */
export function createRecommendedRepo(orm: Orm) {
  return {
    async forFan(fanId: string, limit: number, now = new Date()): Promise<TRecommendations> {
      const home = await orm.execute<HomeRow>(sql`
        select home_city as city, preferred_radius as radius, favorite_genres as genres
        from fan_profiles where user_id = ${fanId}`);
      const fan = home.rows[0];
      if (!fan) return { home: null, artists: [] };

      const { rows } = await orm.execute<PickRow>(sql`
        with fan as (
          select ll_to_earth(latitude, longitude) as home,
            preferred_radius * ${METERS_PER_MILE}::float8 as radius_m, favorite_genres
          from fan_profiles where user_id = ${fanId}
        ),
        tour as (
          select s.performer_id, min(s.starts_at) as next_at,
            min(s.starts_at) filter (
              where earth_distance(f.home, ll_to_earth(s.latitude, s.longitude)) <= f.radius_m
            ) as near_at
          from fan f
          join shows s on s.starts_at > ${now} and s.status <> 'cancelled'
          join performer_profiles p on p.user_id = s.performer_id
            and p.genres && f.favorite_genres
          group by s.performer_id
        ),
        top as (
          select t.* from tour t
          order by t.near_at is null, coalesce(t.near_at, t.next_at), t.performer_id
          limit ${limit}
        )
        select t.performer_id, pick.id as show_id, pick.meters, t.near_at is not null as nearby,
          a.channels
        from top t
        cross join fan f
        cross join lateral (
          select s.id, earth_distance(f.home, ll_to_earth(s.latitude, s.longitude)) as meters
          from shows s
          where s.performer_id = t.performer_id and s.status <> 'cancelled'
            and s.starts_at = coalesce(t.near_at, t.next_at)
          order by meters, s.id
          limit 1
        ) pick
        left join artist_alerts a on a.fan_id = ${fanId} and a.performer_id = t.performer_id
        order by t.near_at is null, coalesce(t.near_at, t.next_at), t.performer_id`);

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
      return { home: { city: fan.city, radiusMiles: fan.radius, genres: fan.genres }, artists };
    },
  };
}

export type RecommendedRepo = ReturnType<typeof createRecommendedRepo>;
