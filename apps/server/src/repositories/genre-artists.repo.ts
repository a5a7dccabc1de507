import type { GENRES, TAlertChannel, TGenreArtists } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { METERS_PER_MILE } from '../domain/earth.ts';
import { earthPoint, metersBetween, rendered } from './earth-sql.repo.ts';
import { CONFIRMED_SHOW, selectShows } from './show-select.repo.ts';

/*
 * earthdistance spelled out (earth-sql.repo.ts): its SQL functions cost ~35 µs of Postgres a call site
 * on every run, and earth_distance ~10 µs a row (every upcoming show of every artist on the page).
 */
const HOME = rendered(earthPoint(sql`latitude`, sql`longitude`));
const METERS = rendered(metersBetween(sql`(select home from fan)`, sql`s`));

type Genre = (typeof GENRES)[number];
type Row = {
  id: string;
  name: string;
  genres: string[];
  photo: string | null;
  channels: TAlertChannel[] | null;
  show_id: string | null;
  meters: number | null;
};

export type GenrePage = { genre: Genre; offset: number; limit: number };

/**
 * A genre's page: the artists whose profile lists the genre (found through the GIN index
 * performer_profiles_genres_idx), each with their upcoming, confirmed, not cancelled show nearest
 * the fan's home — read per artist from shows_performer_starts_idx, so the cost follows the
 * genre's artists and their upcoming shows, never the whole shows table. Artists with such a show
 * first, nearest first (by date for a fan with no home yet), then the rest A–Z. SQL only.
 */
export function createGenreArtistsRepo(orm: Orm) {
  return {
    async page(
      fanId: string,
      { genre, offset, limit }: GenrePage,
      now = new Date(),
    ): Promise<TGenreArtists> {
      const home = await orm.execute<{ city: string }>(sql`
        select home_city as city from fan_profiles where user_id = ${fanId}`);

      // One row more than the page says whether 'More' has anything to show.
      const { rows } = await orm.execute<Row>(sql`
        with fan as (
          select ${HOME} as home from fan_profiles where user_id = ${fanId}
        )
        select p.user_id as id, p.artist_name as name, p.genres, u.image as photo, a.channels,
          n.show_id, n.meters
        from performer_profiles p
        join "user" u on u.id = p.user_id and u.role = 'performer'
        left join artist_alerts a on a.fan_id = ${fanId} and a.performer_id = p.user_id
        left join lateral (
          select s.id as show_id, s.starts_at,
            ${METERS} as meters
          from shows s
          where s.performer_id = p.user_id and s.starts_at > ${now}
            and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
          order by meters nulls last, s.starts_at, s.id
          limit 1
        ) n on true
        where p.genres @> array[${genre}]::text[]
        order by n.show_id is null, n.meters nulls last, n.starts_at, lower(p.artist_name), p.user_id
        offset ${offset}
        limit ${limit + 1}`);

      const page = rows.slice(0, limit);
      const ids = page.flatMap((r) => (r.show_id ? [r.show_id] : []));
      const shows =
        ids.length === 0
          ? []
          : await selectShows(orm, sql`s.id = any(${sql.param(ids)}::text[])`, sql`s.id`, limit);
      const byId = new Map(shows.map((s) => [s.id, s]));
      return {
        genre,
        home: home.rows[0] ?? null,
        artists: page.map((r) => {
          // A show deleted between the two statements leaves its artist without one here.
          const show = (r.show_id && byId.get(r.show_id)) || null;
          return {
            id: r.id,
            name: r.name,
            genres: r.genres,
            photoUrl: r.photo,
            onTour: show !== null,
            alertChannels: r.channels,
            show,
            distanceMiles:
              show && r.meters !== null ? Math.round((r.meters / METERS_PER_MILE) * 10) / 10 : null,
          };
        }),
        nextOffset: rows.length > limit ? offset + limit : null,
      };
    },
  };
}

export type GenreArtistsRepo = ReturnType<typeof createGenreArtistsRepo>;
