import type {
  TAlertFeed,
  TAlertFeedItem,
  TAlertReason,
  TFanHome,
  TFanShow,
  TShow,
  TShowsAttended,
} from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared, executeRendered, type RenderedStatement } from '../db/prepared.ts';
import {
  type Face,
  jsonTimeMicros,
  type KeptFaceList,
  keptFaceListOf,
} from '../domain/kept-faces.ts';
import { decodeCursor, encodeCursor } from './alert-feed-cursor.repo.ts';
import {
  FEED,
  FEED_CARDS,
  type FeedCardRow,
  type FeedRow,
  type KeptFacesColumns,
  SHOW_FRAGMENT_ROWS,
} from './alerts-feed-sql.repo.ts';
import type { FeedFollows } from './fan-page-tags.repo.ts';
import {
  CARD_GOING_COUNT,
  type CardRow,
  cardColumnsSql,
  cardJoinsSql,
  cardsFromRows,
  facesOf,
  palsGoingOf,
  viewerCte,
} from './fan-show-cards.repo.ts';
import { type ShowRow, showRowsWithSql, showsFromRows } from './show-select.repo.ts';

/**
 * The dashboard as its route keeps it: the page, and the ids of the shows the fan is going to
 * (its cache tags; the route's schema leaves them out of the answer).
 */
export type FanHomePage = TFanHome & { goingShowIds: string[] };

type HomeRow = TFanHome['counts'] & { going_show_ids: string[]; cards: CardRow[] };
type AttendedRow = TShowsAttended['totals'] & { cards: CardRow[] };

/** The longest list a fan page returns (the spec pages nothing but the alerts feed). */
const LIST_CAP = 200;
const TO_CONFIRM = 5;

/** The fan's pages: home tiles, the alerts feed, going-to and attended lists. SQL only. */
export function createFanPagesRepo(orm: Orm) {
  /**
   * The first LIST_CAP shows the fan marked `status` (and `where`), in `order`, as card rows: the
   * shows with the fan's cards on them (mark, kept faces, pals going: cardColumnsSql), beside a
   * CTE `viewer`. One statement; it was three (the shows, their faces, their pals going).
   */
  function markedRowsSql(fanId: string, status: 'going' | 'attended', where: SQL, order: SQL) {
    return showRowsWithSql(
      sql`s.id in (select a.show_id from show_attendance a
        where a.fan_id = ${fanId} and a.status = ${status}) and ${where}`,
      {
        order,
        limit: LIST_CAP,
        attendingCount: CARD_GOING_COUNT,
        columns: cardColumnsSql(fanId),
        joins: cardJoinsSql(fanId),
      },
    );
  }

  return {
    /**
     * The dashboard's tiles: the counts, the next show the fan is going to and the started ones
     * to confirm, with the ids of every show the fan is going to (the cached page's tags: any of
     * them cancelled or moved may change it). ONE statement: the counts, the ids, and both lists'
     * shows with the fan's cards on them (their mark, kept faces and pals going, as Your Alerts
     * reads its cards: fan-show-cards.repo.ts' cardColumnsSql). It was five: the counts, the shows,
     * their faces, their pals going and the tags.
     */
    async home(fanId: string, now = new Date()): Promise<FanHomePage> {
      const going = sql`s.id in (select a.show_id from show_attendance a
        where a.fan_id = ${fanId} and a.status = 'going') and s.status <> 'cancelled'`;
      const listed = sql`s.id in (
        (select s.id from shows s where ${going} and s.starts_at > ${now}
          order by s.starts_at, s.id limit 1)
        union all
        (select s.id from shows s where ${going} and s.starts_at <= ${now}
          order by s.starts_at desc, s.id limit ${TO_CONFIRM}))`;
      const cards = showRowsWithSql(listed, {
        attendingCount: CARD_GOING_COUNT,
        columns: cardColumnsSql(fanId),
        joins: cardJoinsSql(fanId),
      });
      const { rows } = await executePrepared<HomeRow>(
        orm,
        sql`
        with viewer as (${viewerCte(fanId)})
        select
          (select count(*)::int from show_attendance a join shows s on s.id = a.show_id
            where a.fan_id = ${fanId} and a.status = 'going' and s.starts_at > ${now}
              and s.status <> 'cancelled') as "goingTo",
          (select count(*)::int from artist_alerts where fan_id = ${fanId}) as "watching",
          (select count(*)::int from show_attendance
            where fan_id = ${fanId} and status = 'attended') as "attended",
          array(select show_id from show_attendance where fan_id = ${fanId} and status = 'going')
            as going_show_ids,
          (select coalesce(json_agg(r order by r.starts_at_ms desc, r.id), '[]')
            from (${cards}) r) as cards`,
      );
      const [row] = rows;
      if (!row) throw new Error('a select without FROM always gives one row');
      const shown = await cardsFromRows(orm, fanId, row.cards);
      // startsAt carries milliseconds and `now` too: a show starting within the request's very
      // millisecond may land on either side, as it would a millisecond later.
      const upcoming = (card: TFanShow) => Date.parse(card.show.startsAt) > now.getTime();
      return {
        counts: { goingTo: row.goingTo, watching: row.watching, attended: row.attended },
        nextShow: shown.find(upcoming) ?? null,
        toConfirm: shown.filter((card) => !upcoming(card)),
        goingShowIds: row.going_show_ids,
      };
    },

    /** Not started yet, soonest first; cancelled ones stay (the page badges them). */
    async attending(fanId: string, now = new Date()): Promise<TFanShow[]> {
      const rows = markedRowsSql(fanId, 'going', sql`s.starts_at > ${now}`, sql`s.starts_at, s.id`);
      const { rows: cards } = await executePrepared<CardRow>(
        orm,
        sql`with viewer as (${viewerCte(fanId)}) ${rows}`,
      );
      return cardsFromRows(orm, fanId, cards);
    },

    /**
     * History, most recent first, with totals over every attended mark (not just the list): the
     * totals and the cards in one statement.
     */
    async attended(fanId: string, now = new Date()): Promise<TShowsAttended> {
      const rows = markedRowsSql(fanId, 'attended', sql`true`, sql`s.starts_at desc, s.id`);
      const { rows: found } = await executePrepared<AttendedRow>(
        orm,
        sql`
        with viewer as (${viewerCte(fanId)})
        select t.*, (select coalesce(json_agg(r order by r.starts_at_ms desc, r.id), '[]')
            from (${rows}) r) as cards
        from (select count(*)::int as "totalShows",
            -- External venues have no id: the same name in the same city and state is one venue.
            count(distinct coalesce(s.venue_id, concat_ws('|', 'external',
              lower(btrim(s.external_name)), lower(btrim(s.external_city)), s.external_state)
            ))::int as "venues",
            count(*) filter (where extract(year from s.starts_at at time zone s.time_zone)
              = extract(year from ${now}::timestamptz at time zone s.time_zone))::int as "thisYear"
          from show_attendance a join shows s on s.id = a.show_id
          where a.fan_id = ${fanId} and a.status = 'attended') t`,
      );
      const [row] = found;
      if (!row) throw new Error('an aggregate without GROUP BY always gives one row');
      const { cards, ...totals } = row;
      return { totals, shows: await cardsFromRows(orm, fanId, cards) };
    },

    /** 'Your Alerts': its statement and its plan in alerts-feed-sql.repo.ts. */
    async alertsFeed(fanId: string, query: FeedQuery, now = new Date()): Promise<TAlertFeed> {
      const { rows, nextCursor } = await feedPage<FeedRow>(FEED, fanId, query, now);
      const cards = await cardsFromRows(orm, fanId, rows);
      return {
        items: cards.map((card, i) => ({ ...card, reason: reasonOf(rows[i] as FeedRow) })),
        nextCursor,
      };
    },

    /**
     * Your Alerts without its shows: each card's show id and start, and the fan's own part of it
     * (mark, pals going, why), for a page made of show fragments (decision 051), with what
     * choosing each card's faces from its fragment needs of the fan (`viewer`).
     */
    async alertsFeedCards(
      fanId: string,
      query: FeedQuery,
      now = new Date(),
    ): Promise<{
      cards: FeedCard[];
      nextCursor: string | null;
      follows?: FeedFollows;
      viewer?: FeedViewer;
    }> {
      const { rows, nextCursor } = await feedPage<FeedCardRow>(FEED_CARDS, fanId, query, now);
      const [first] = rows;
      return {
        // An empty page has no row to carry them: the service reads the follows apart.
        ...(first && {
          follows: {
            performerIds: first.follow_performer_ids ?? [],
            genres: first.follow_genres ?? [],
          },
          viewer: {
            id: fanId,
            pals: new Set(first.viewer_pals),
            blocks: new Set(first.viewer_blocks),
            me: first.me,
          },
        }),
        cards: rows.map((row) => ({
          showId: row.id,
          // As Date.parse(show.startsAt): whole milliseconds.
          startsAtMs: Math.trunc(Number(row.starts_at_micros) / 1000),
          mineAtMicros: row.mine_at === null ? null : jsonTimeMicros(row.mine_at),
          own: {
            myAttendance: row.mine,
            palsGoing: palsGoingOf(row.pals_going),
            reason: reasonOf(row),
          },
        })),
        nextCursor,
      };
    },

    /**
     * The public shows `ids` as Your Alerts' cards show them, each with its kept faces (in no
     * order): its missing fragments.
     */
    async alertsFeedShows(ids: string[]): Promise<ShowWithKeptFaces[]> {
      const { rows } = await executeRendered<ShowRow & KeptFacesColumns>(orm, SHOW_FRAGMENT_ROWS, {
        ids,
      });
      const shows = showsFromRows(rows);
      return rows.map((row, i) => ({ show: shows[i] as TShow, faces: keptFacesOf(row) }));
    },

    /** facesSql's faces of the shows `showIds` for `fanId`: those their kept faces cannot tell. */
    alertsFeedFaces(fanId: string, showIds: string[]) {
      return facesOf(orm, fanId, showIds);
    },
  };

  /** One page of the feed's statement (`first` or `next`), and the cursor of the page after it. */
  async function feedPage<R extends FeedRow | FeedCardRow>(
    statements: { first: RenderedStatement; next: RenderedStatement },
    fanId: string,
    query: FeedQuery,
    now: Date,
  ): Promise<{ rows: R[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    const { rows } = await executeRendered<R>(orm, after ? statements.next : statements.first, {
      fan: fanId,
      now,
      take: query.limit + 1,
      limit: query.limit,
      ...(after && { afterMicros: after.startsAtMicros.toString(), afterId: after.id }),
    });
    const last = rows.at(-1);
    const nextCursor =
      last && last.found > query.limit
        ? encodeCursor({ startsAtMicros: BigInt(last.starts_at_micros), id: last.id })
        : null;
    return { rows, nextCursor };
  }
}

export type FeedQuery = { cursor?: string; limit: number };

/**
 * A Your Alerts card without its show: the show's id and start, and the fan's own part but its
 * faces (chosen from the show's kept ones, with the time of the fan's own mark).
 */
export type FeedCard = {
  showId: string;
  startsAtMs: number;
  mineAtMicros: number | null;
  own: Omit<TAlertFeedItem, 'show' | 'faces'>;
};

/** What choosing a card's faces needs of the fan (domain/kept-faces.ts' FaceViewer, but `me`). */
export type FeedViewer = {
  id: string;
  pals: ReadonlySet<string>;
  blocks: ReadonlySet<string>;
  /** The fan's own tag name and photo (no fan profile: null). */
  me: [name: string | null, photo: string | null] | null;
};

/** A show's kept faces as a Your Alerts fragment holds them (no going mark: null). */
export type ShowKeptFaces = { head: Face[]; headPublic: boolean; kept: KeptFaceList };

/** A show as Your Alerts' fragments are made of it: its public card and its kept faces. */
export type ShowWithKeptFaces = { show: TShow; faces: ShowKeptFaces | null };

function keptFacesOf(row: KeptFacesColumns): ShowKeptFaces | null {
  if (row.faces_head === null) return null;
  return {
    head: row.faces_head,
    headPublic: row.faces_head_public === true,
    kept: keptFaceListOf({
      ids: row.faces_ids,
      names: row.faces_names,
      photos: row.faces_photos,
      friends: row.faces_friends,
      at: row.faces_at,
      complete: row.faces_complete,
    }),
  };
}

function reasonOf(row: FeedRow | FeedCardRow): TAlertReason {
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
