import { type SQL, sql } from 'drizzle-orm';
import { renderOnce } from '../db/prepared.ts';
import { METERS_PER_MILE } from '../domain/earth.ts';
import type { KeptFaceColumns } from '../domain/kept-faces.ts';
import { earthBox, earthPoint, metersBetween, rendered } from './earth-sql.repo.ts';
import {
  CARD_GOING_COUNT,
  type CardRow,
  cardColumnsSql,
  cardJoinsSql,
  mineJoinSql,
  type OwnCardRow,
  palsGoingCardSql,
  viewerCte,
  viewerFaceSql,
} from './fan-show-cards.repo.ts';
import { CONFIRMED_SHOW, showRowsWithSql } from './show-select.repo.ts';
import type { FanRef } from './social/fan-visibility.repo.ts';

/*
 * The feed's earthdistance, spelled out (earth-sql.repo.ts) and rendered to text once, as the other
 * repositories do: drizzle would walk these many-piece fragments on every request.
 */
const HOME = rendered(earthPoint(sql`fp.latitude`, sql`fp.longitude`));
const IN_RADIUS_BOX = rendered(earthBox(sql`f.home`, sql`f.radius_m`));
const METERS_FROM_HOME = rendered(metersBetween(sql`f.home`, sql`s`));

/** The columns that say why the fan sees the show `s`, beside its card's (over `feed p`). */
const REASON_COLUMNS = sql`p.found,
          (extract(epoch from p.starts_at) * 1000000)::bigint::text as starts_at_micros,
          s.performer_id in (select performer_id from watched) as watching,
          case when s.genre = any(f.favorite_genres) and d.meters <= f.radius_m
            then s.genre end as nearby_genre,
          d.meters / ${METERS_PER_MILE}::float8 as distance_miles,
          f.radius_miles, f.home_place as home`;

/**
 * The columns of a show the page's branches read (they fetch its row to test it): its key, and
 * what REASON_COLUMNS needs, so FEED_CARDS takes them from the page instead of a second probe of
 * `shows` per card (19% of its buffers).
 */
const PAGE_COLUMNS = sql`s.id, s.starts_at, s.performer_id, s.genre, s.latitude, s.longitude`;

/** The fan's place and the show's distance from it, for REASON_COLUMNS. */
const REASON_JOINS = sql`
        left join fan f on true
        left join lateral (select ${METERS_FROM_HOME} as meters) d on true`;

/** Why the fan sees a card, and where the page stands: the columns of Your Alerts beside its cards. */
type FeedColumns = {
  /** The page's shows found: one more than the page asked for when there is a next page. */
  found: number;
  starts_at_micros: string;
  watching: boolean;
  nearby_genre: string | null;
  distance_miles: number | null;
  radius_miles: number | null;
  home: string | null;
};

/** A row of Your Alerts' statement: a card and why the fan sees it. */
export type FeedRow = CardRow & FeedColumns;

/**
 * A row of its statement without the shows (FEED_CARDS): the fan's own part of a card, without its
 * faces (chosen from the show's fragment, http/alerts-page.ts); the first row also carries the
 * fan's follows, which tag the page when it is kept, and what choosing faces needs of the fan
 * (the others null).
 */
export type FeedCardRow = Pick<OwnCardRow, 'id' | 'mine' | 'pals_going'> &
  FeedColumns & {
    /** The fan's own mark's time, as Postgres writes a timestamptz in JSON (no mark: null). */
    mine_at: string | null;
    follow_performer_ids: string[] | null;
    follow_genres: string[] | null;
    /** The fan's Show Pals, and the fans blocked either way. */
    viewer_pals: string[] | null;
    viewer_blocks: string[] | null;
    /** The fan's own tag name and photo (no fan profile: null), their face when going. */
    me: [name: string | null, photo: string | null] | null;
  };

/**
 * Your Alerts' one statement, rendered to text once (db/prepared.ts' renderOnce): `first` for a
 * first page, `next` after a cursor. Values by name: `fan`, `now`, `take` (the page's size + 1),
 * `limit`, and after a cursor `afterMicros` (its start in µs since the epoch, as text), `afterId`.
 */
export const FEED = {
  first: renderOnce(feedSql(false, 'whole')),
  next: renderOnce(feedSql(true, 'whole')),
};

/**
 * The same feed with the fan's own part of each card only (their mark, pals going, why), for a
 * page made of cached show fragments (decision 051): the shows' performer, venue, bill and kept
 * faces, ~6 index probes a card, are read only for the fragments not kept (SHOW_FRAGMENT_ROWS),
 * and each card's faces are chosen from its fragment's for the fan.
 */
export const FEED_CARDS = {
  first: renderOnce(feedSql(false, 'own')),
  next: renderOnce(feedSql(true, 'own')),
};

/**
 * The going count as the show fragments read it: show_faces' kept count (CARD_GOING_COUNT), so a
 * page read whole with the same count (the artist page with SHOW_FRAGMENTS=off) reads the same
 * tables as its fragments, and a going mark reaches it as a show_faces notice either way.
 */
export const FRAGMENT_GOING_COUNT = {
  joins: sql`
    left join show_faces sf on sf.show_id = s.id`,
  attendingCount: CARD_GOING_COUNT,
};

/**
 * A show's kept faces (show_faces, migration 0041) beside its row, a Your Alerts fragment's: the
 * head, and each kept list of domain/kept-faces.ts' KeptFaceColumns named `faces_<list>`.
 */
export type KeptFacesColumns = {
  [K in keyof KeptFaceColumns as `faces_${K}`]: KeptFaceColumns[K];
} & {
  /** No row: the show has no going mark (the rest null too). */
  faces_head: Array<[string, string | null, string | null]> | null;
  faces_head_public: boolean | null;
};

/**
 * The public shows of the ids `ids` (a text array), as the feed's statement reads them (the going
 * count kept with the faces, CARD_GOING_COUNT), with their kept faces (KeptFacesColumns): the
 * show fragments a Your Alerts page lacks.
 */
export const SHOW_FRAGMENT_ROWS = renderOnce(
  showRowsWithSql(sql`s.id = any(${sql.placeholder('ids')}::text[])`, {
    ...FRAGMENT_GOING_COUNT,
    columns: sql`sf.head as faces_head, sf.head_public as faces_head_public,
      sf.fan_ids as faces_ids, sf.names as faces_names, sf.photos as faces_photos,
      sf.friends as faces_friends, to_json(sf.marked_at) as faces_at,
      sf.complete as faces_complete`,
  }),
);

/**
 * Upcoming, not cancelled shows of performers the fan watches (anywhere) or of a favourite genre
 * within the fan's radius of home; by start, then id, keyset-paged, with their cards.
 *
 * The plan is a UNION of two index-driven branches, each cut to one page before merging:
 * watched performers through shows_performer_starts_idx, and nearby shows through the GiST
 * index on ll_to_earth(latitude, longitude) (earth_box is a cheap superset of the circle, so
 * the exact earth_distance check follows). A fan without a profile only gets the first. The
 * page's cards (marks, faces, pals going) come in the same statement: one round trip, where the
 * feed, its cards and its pals were three.
 */
function feedSql(afterCursor: boolean, cards: 'whole' | 'own'): SQL {
  const fanId = sql.placeholder('fan');
  const take = sql.placeholder('take');
  const micros = sql.placeholder('afterMicros');
  // The plain `>=` lets each branch's index range start at the cursor; the row comparison
  // then drops the shows at that same instant that the previous page already returned.
  const after = afterCursor
    ? sql`and s.starts_at >= (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')
          and (s.starts_at, s.id) > (timestamptz 'epoch'
            + ${micros}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')})`
    : sql``;
  const open = sql`s.starts_at > ${sql.placeholder('now')} and s.status <> 'cancelled'
        and ${CONFIRMED_SHOW}
        ${after}`;
  return sql`
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
          (select w.* from watched al cross join lateral (
              select ${PAGE_COLUMNS} from shows s
              where s.performer_id = al.performer_id and ${open}
              order by s.starts_at, s.id limit ${take}) w
            order by w.starts_at, w.id limit ${take})
          union
          (select ${PAGE_COLUMNS} from shows s cross join fan f
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
          select *, count(*) over ()::int as found from page
          order by starts_at, id
          limit ${sql.placeholder('limit')}
        ),
        viewer as (${viewerCte(fanId)})
        ${cards === 'whole' ? wholeCards(fanId) : ownCards(fanId)}`;
}

/** The feed's shows with their public columns and the fan's cards (FEED). */
function wholeCards(fanId: FanRef): SQL {
  return showRowsWithSql(sql`true`, {
    from: sql`feed p join shows s on s.id = p.id`,
    attendingCount: CARD_GOING_COUNT,
    columns: sql`${cardColumnsSql(fanId)}, ${REASON_COLUMNS}`,
    joins: sql`${cardJoinsSql(fanId)}${REASON_JOINS}`,
    order: sql`p.starts_at, p.id`,
  });
}

/**
 * The feed's shows' ids with the fan's own part of their cards only (FEED_CARDS): their mark, pals
 * going and why; on the first row what brings shows into the feed (the page's tags when it is
 * kept, http/cached-pages.ts: read here, the page cache's miss needs no statement of its own for
 * them, decision 053) and what choosing the cards' faces from their fragments needs of the fan.
 * The show `s` the card's SQL names is the page's own columns (PAGE_COLUMNS), not `shows` read
 * again; the show's kept faces are its fragment's, not read per card (SHOW_FRAGMENT_ROWS).
 */
function ownCards(fanId: FanRef): SQL {
  const first = sql`row_number() over (order by p.starts_at, p.id) = 1`;
  return sql`
    select s.id, mine.status as mine, to_json(mine.updated_at) as mine_at,
      ${palsGoingCardSql()} as pals_going, ${REASON_COLUMNS},
      case when ${first} then array(select performer_id from watched) end as follow_performer_ids,
      case when ${first} then coalesce(f.favorite_genres, '{}') end as follow_genres,
      case when ${first} then (select v.pals from viewer v) end as viewer_pals,
      case when ${first} then (select v.blocks from viewer v) end as viewer_blocks,
      case when ${first} then ${viewerFaceSql(fanId)} end as me
    from feed p cross join lateral (select p.*) s
    ${mineJoinSql(fanId)}${REASON_JOINS}
    order by p.starts_at, p.id`;
}
