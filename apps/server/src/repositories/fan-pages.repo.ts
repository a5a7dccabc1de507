import type {
  TAlertFeed,
  TAlertReason,
  TFanHome,
  TFanShow,
  TShowsAttended,
} from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { METERS_PER_MILE } from '../domain/earth.ts';
import { decodeCursor, encodeCursor } from './alert-feed-cursor.ts';
import { earthBox, earthPoint, metersBetween, rendered } from './earth-sql.ts';
import {
  type CardRow,
  cardColumnsSql,
  cardJoinsSql,
  cardPalsCte,
  cardsFromRows,
  toFanShows,
} from './fan-show-cards.ts';
import { CONFIRMED_SHOW, selectShows, showRowsWithSql } from './show-select.ts';

/** The longest list a fan page returns (the spec pages nothing but the alerts feed). */
const LIST_CAP = 200;
const TO_CONFIRM = 5;

/*
 * The feed's earthdistance, spelled out (earth-sql.ts) and rendered to text once, as the other
 * repositories do: drizzle would walk these many-piece fragments on every request.
 */
const HOME = rendered(earthPoint(sql`fp.latitude`, sql`fp.longitude`));
const IN_RADIUS_BOX = rendered(earthBox(sql`f.home`, sql`f.radius_m`));
const METERS_FROM_HOME = rendered(metersBetween(sql`f.home`, sql`s`));

type FeedRow = CardRow & {
  /** The page's shows found: one more than the page asked for when there is a next page. */
  found: number;
  starts_at_micros: string;
  watching: boolean;
  nearby_genre: string | null;
  distance_miles: number | null;
  radius_miles: number | null;
  home: string | null;
};

/** The fan's pages: home tiles, the alerts feed, going-to and attended lists. SQL only. */
export function createFanPagesRepo(orm: Orm) {
  /** Shows the fan marked `status`, as cards, in one statement for the shows + one for the cards. */
  async function marked(
    fanId: string,
    status: 'going' | 'attended',
    where: SQL,
    order: SQL,
    limit = LIST_CAP,
  ): Promise<TFanShow[]> {
    const shows = await selectShows(
      orm,
      sql`s.id in (select a.show_id from show_attendance a
        where a.fan_id = ${fanId} and a.status = ${status}) and ${where}`,
      order,
      limit,
    );
    return toFanShows(orm, fanId, shows);
  }

  return {
    /**
     * The dashboard's tiles: the counts, the next show the fan is going to and the started ones
     * to confirm. Both lists' shows come from ONE statement and get their cards in one more (with
     * the pals going alongside): 4 statements, not the 7 of two lists built one after the other.
     */
    async home(fanId: string, now = new Date()): Promise<TFanHome> {
      const going = sql`s.id in (select a.show_id from show_attendance a
        where a.fan_id = ${fanId} and a.status = 'going') and s.status <> 'cancelled'`;
      const [counts, shows] = await Promise.all([
        executePrepared<TFanHome['counts']>(
          orm,
          sql`
          select
            (select count(*)::int from show_attendance a join shows s on s.id = a.show_id
              where a.fan_id = ${fanId} and a.status = 'going' and s.starts_at > ${now}
                and s.status <> 'cancelled') as "goingTo",
            (select count(*)::int from artist_alerts where fan_id = ${fanId}) as "watching",
            (select count(*)::int from show_attendance
              where fan_id = ${fanId} and status = 'attended') as "attended"`,
        ),
        selectShows(
          orm,
          sql`s.id in (
            (select s.id from shows s where ${going} and s.starts_at > ${now}
              order by s.starts_at, s.id limit 1)
            union all
            (select s.id from shows s where ${going} and s.starts_at <= ${now}
              order by s.starts_at desc, s.id limit ${TO_CONFIRM}))`,
          sql`s.starts_at desc, s.id`,
          1 + TO_CONFIRM,
        ),
      ]);
      const cards = await toFanShows(orm, fanId, shows);
      // startsAt carries milliseconds and `now` too: a show starting within the request's very
      // millisecond may land on either side, as it would a millisecond later.
      const upcoming = (card: TFanShow) => Date.parse(card.show.startsAt) > now.getTime();
      const [row] = counts.rows;
      return {
        counts: row ?? { goingTo: 0, watching: 0, attended: 0 },
        nextShow: cards.find(upcoming) ?? null,
        toConfirm: cards.filter((card) => !upcoming(card)),
      };
    },

    /** Not started yet, soonest first; cancelled ones stay (the page badges them). */
    attending(fanId: string, now = new Date()): Promise<TFanShow[]> {
      return marked(fanId, 'going', sql`s.starts_at > ${now}`, sql`s.starts_at, s.id`);
    },

    /** History, most recent first, with totals over every attended mark (not just the list). */
    async attended(fanId: string, now = new Date()): Promise<TShowsAttended> {
      const [totals, shows] = await Promise.all([
        orm.execute<TShowsAttended['totals']>(sql`
          select count(*)::int as "totalShows",
            -- External venues have no id: the same name in the same city and state is one venue.
            count(distinct coalesce(s.venue_id, concat_ws('|', 'external',
              lower(btrim(s.external_name)), lower(btrim(s.external_city)), s.external_state)
            ))::int as "venues",
            count(*) filter (where extract(year from s.starts_at at time zone s.time_zone)
              = extract(year from ${now}::timestamptz at time zone s.time_zone))::int as "thisYear"
          from show_attendance a join shows s on s.id = a.show_id
          where a.fan_id = ${fanId} and a.status = 'attended'`),
        marked(fanId, 'attended', sql`true`, sql`s.starts_at desc, s.id`),
      ]);
      return { totals: totals.rows[0] ?? { totalShows: 0, venues: 0, thisYear: 0 }, shows };
    },

    /**
     * 'Your Alerts': upcoming, not cancelled shows of performers the fan watches (anywhere) or of
     * a favourite genre within the fan's radius of home; by start, then id, keyset-paged.
     *
     * The plan is a UNION of two index-driven branches, each cut to one page before merging:
     * watched performers through shows_performer_starts_idx, and nearby shows through the GiST
     * index on ll_to_earth(latitude, longitude) (earth_box is a cheap superset of the circle, so
     * the exact earth_distance check follows). A fan without a profile only gets the first.
     */
    async alertsFeed(
      fanId: string,
      query: { cursor?: string; limit: number },
      now = new Date(),
    ): Promise<TAlertFeed> {
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
      const take = query.limit + 1;
      // The plain `>=` lets each branch's index range start at the cursor; the row comparison
      // then drops the shows at that same instant that the previous page already returned.
      const afterCursor = after
        ? sql`and s.starts_at >= (timestamptz 'epoch' + ${after.startsAtMicros.toString()}::bigint
            * interval '1 microsecond')
          and (s.starts_at, s.id) > (timestamptz 'epoch'
            + ${after.startsAtMicros.toString()}::bigint * interval '1 microsecond', ${after.id})`
        : sql``;
      const open = sql`s.starts_at > ${now} and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
        ${afterCursor}`;
      // The page's cards (marks, faces, pals going) in the statement that chooses it: one round
      // trip, where the feed, its cards and its pals were three.
      const pagePals = sql`page_pals`;
      const { rows } = await executePrepared<FeedRow>(
        orm,
        sql`
        with fan as (
          select ${HOME} as home,
            fp.preferred_radius * ${METERS_PER_MILE}::float8 as radius_m, fp.favorite_genres,
            fp.preferred_radius as radius_miles,
            fp.home_city || coalesce(', ' || zp.state, '') as home_place
          from fan_profiles fp
          left join zip_places zp on zp.zip_code = fp.zip_code
          where fp.user_id = ${fanId}
        ),
        watched as (select performer_id from artist_alerts where fan_id = ${fanId}),
        page as (
          (select w.id, w.starts_at from watched al cross join lateral (
              select s.id, s.starts_at from shows s
              where s.performer_id = al.performer_id and ${open}
              order by s.starts_at, s.id limit ${take}) w
            order by w.starts_at, w.id limit ${take})
          union
          (select s.id, s.starts_at from shows s cross join fan f
            where ${IN_RADIUS_BOX}
                @> ll_to_earth(s.latitude, s.longitude)
              and ${METERS_FROM_HOME} <= f.radius_m
              and s.genre = any(f.favorite_genres)
              and ${open}
            order by s.starts_at, s.id limit ${take})
          order by starts_at, id
          limit ${take}
        ),
        -- The page's shows; how many the page found (one more than asked: a next page).
        feed as (
          select id, starts_at, count(*) over ()::int as found from page
          order by starts_at, id
          limit ${query.limit}
        ),
        ${pagePals} as (${cardPalsCte(fanId, sql`any(array(select id from feed))`)})
        ${showRowsWithSql(sql`true`, {
          from: sql`feed p join shows s on s.id = p.id`,
          columns: sql`${cardColumnsSql(fanId, pagePals)}, p.found,
          (extract(epoch from p.starts_at) * 1000000)::bigint::text as starts_at_micros,
          s.performer_id in (select performer_id from watched) as watching,
          case when s.genre = any(f.favorite_genres) and d.meters <= f.radius_m
            then s.genre end as nearby_genre,
          d.meters / ${METERS_PER_MILE}::float8 as distance_miles,
          f.radius_miles, f.home_place as home`,
          joins: sql`${cardJoinsSql(fanId, pagePals)}
        left join fan f on true
        left join lateral (select ${METERS_FROM_HOME} as meters) d on true`,
          order: sql`p.starts_at, p.id`,
        })}`,
      );

      const last = rows.at(-1);
      const nextCursor =
        last && last.found > query.limit
          ? encodeCursor({ startsAtMicros: BigInt(last.starts_at_micros), id: last.id })
          : null;
      const cards = cardsFromRows(rows);
      return {
        items: cards.map((card, i) => ({ ...card, reason: reasonOf(rows[i] as FeedRow) })),
        nextCursor,
      };
    },
  };
}

function reasonOf(row: FeedRow): TAlertReason {
  return {
    watching: row.watching,
    nearby:
      row.nearby_genre === null || row.distance_miles === null
        ? null
        : {
            genre: row.nearby_genre,
            distanceMiles: Math.round(row.distance_miles * 10) / 10,
            radiusMiles: row.radius_miles ?? 0,
            home: row.home ?? '',
          },
  };
}

export type FanPagesRepo = ReturnType<typeof createFanPagesRepo>;
