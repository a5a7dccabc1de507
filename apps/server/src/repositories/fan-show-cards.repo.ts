import {
  CARD_FACES,
  PALS_GOING_NAMED,
  type TAttendee,
  type TFanShow,
  type TShow,
} from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import {
  type Face,
  facesFromKept,
  jsonTimeMicros,
  type KeptFaceColumns,
  keptFaceListOf,
} from '../domain/kept-faces.ts';
import { type ShowRow, showsFromRows } from './show-select.repo.ts';
import {
  attendanceVisibleSql,
  type FanRef,
  palAttendanceVisibleSql,
} from './social/fan-visibility.repo.ts';
import { NO_PALS_GOING } from './social/pals-going.repo.ts';

type Mark = TFanShow['myAttendance'];
type FaceRow = {
  show_id: string;
  face_id: string | null;
  face_name: string | null;
  face_photo: string | null;
};

/**
 * Up to CARD_FACES fans the viewer may see going to `showId`, newest mark first. The photo is a
 * subquery (the user row always exists: show_attendance references it), which Postgres runs after
 * the sort and limit, for the faces shown only; joined, it cost ~40% more (bench, 13-card pages).
 */
function facesSql(fanId: FanRef, showId: SQL): SQL {
  return sql`
      select a.fan_id as id, fp.tag_name as name,
        (select u.image from "user" u where u.id = a.fan_id) as photo, a.updated_at
      from show_attendance a
      join fan_profiles fp on fp.user_id = a.fan_id
      where a.show_id = ${showId} and a.status = 'going'
        and ${attendanceVisibleSql(fanId, sql`a.fan_id`)}
      order by a.updated_at desc
      limit ${CARD_FACES}`;
}

/**
 * A card's kept faces (show_faces, migration 0041) as its statement hands them over when the head
 * cannot be taken as it is (keptFacesSql): filtered for the viewer in Node (facesFromKept), where
 * the same rule in the statement was a subquery Postgres set up on every run.
 */
type KeptFaces = KeptFaceColumns & {
  /** The viewer's own tag name and photo when they are going (and have a fan profile). */
  me: [name: string | null, photo: string | null] | null;
  meAt: string | null;
  /** The viewer's Show Pals and the fans blocked either way. */
  pals: string[];
  blocks: string[];
};

/** A card's own columns (cardColumnsSql), beside its show's id: mark, faces and pals going. */
export type OwnCardRow = {
  id: string;
  mine: Mark;
  /**
   * Up to CARD_FACES fans going, newest mark first, as [id, tag name, photo] (the show's kept
   * head as it is); or the kept faces to filter for the viewer (facesFromKept).
   */
  faces: Face[] | KeptFaces;
  /**
   * Every pal going whom the fan may see, newest mark first (none: null): the first
   * PALS_GOING_NAMED are named, all are counted.
   */
  pals_going: Array<[string, string, string | null]> | null;
};

/** A card's row: its show's columns and its own. */
export type CardRow = ShowRow & OwnCardRow;

/** The fan's own part of a card: everything but the show. */
export type OwnCard = Omit<TFanShow, 'show'>;

/**
 * The viewer's own facts a page's cards read, once a statement: their Show Pals (both halves of
 * pal_links by their own index) and the fans blocked either way. A CTE of one row named `viewer`
 * (cardColumnsSql reads it).
 */
export function viewerCte(fanId: FanRef): SQL {
  return sql`select
      array(select pl.fan_b from pal_links pl where pl.fan_a = ${fanId} and pl.state = 'pals'
        union all
        select pl.fan_a from pal_links pl where pl.fan_b = ${fanId} and pl.state = 'pals') as pals,
      array(select fb.blocked_id from fan_blocks fb where fb.blocker_id = ${fanId}
        union all
        select fb.blocker_id from fan_blocks fb where fb.blocked_id = ${fanId}) as blocks`;
}

const VIEWER_PALS = sql`(select v.pals from viewer v)::text[]`;
const VIEWER_BLOCKS = sql`(select v.blocks from viewer v)::text[]`;

/**
 * A page's cards in the statement that reads its shows (Your Alerts: ONE statement for the feed
 * and its cards, fan-pages.repo.ts): `showRowsWithSql` with these `columns` and `joins`, and the
 * going count from show_faces (CARD_GOING_COUNT), beside a CTE `viewer` of `viewerCte`. Rows, not
 * a JSON array of them (json_agg and its sort cost ~0.1 ms of a page's ~1.1). One statement, not
 * three (the feed, its cards, its pals): a round trip to Postgres costs Node and Postgres more
 * than these joins (the driver's socket writes were a fifth of Node's time on an uncached Your
 * Alerts).
 */
export function cardColumnsSql(fanId: FanRef): SQL {
  return sql`mine.status as mine, ${keptFacesSql(fanId)} as faces,
        ${palsGoingCardSql()} as pals_going`;
}

/**
 * The fan's own mark `mine` is read through show_attendance's primary key (fan, show): one probe.
 * As a plain join Postgres chose the (show, status) index instead, whose pages are fewer, and
 * read every mark of the show to keep the fan's (~8 a demo show, a popular show's thousands):
 * 38% of an uncached Your Alerts' buffers. A LATERAL subquery with a LIMIT is planned on its own
 * (not folded into the join), and its order by the key's columns makes the key's index the one
 * that needs no sort.
 */
export function mineJoinSql(fanId: FanRef): SQL {
  return sql`
    left join lateral (select a.status, a.updated_at from show_attendance a
      where a.fan_id = ${fanId} and a.show_id = s.id
      order by a.fan_id, a.show_id limit 1) mine on true`;
}

/** cardColumnsSql's joins: the fan's own mark (mineJoinSql) and the show's kept faces. */
export function cardJoinsSql(fanId: FanRef): SQL {
  return sql`${mineJoinSql(fanId)}
    left join show_faces sf on sf.show_id = s.id`;
}

/**
 * The card's going count, kept with its faces (migration 0043: every going mark, hidden fans
 * included; no row, no mark), instead of counting the show's marks per card.
 */
export const CARD_GOING_COUNT = sql`coalesce(sf.going, 0)`;

/**
 * The viewer's own face as a card shows it when they are going: [tag name, photo] as JSON (no fan
 * profile: null, and no face).
 */
export function viewerFaceSql(fanId: FanRef): SQL {
  return sql`(select json_build_array(me.tag_name, mu.image)
            from fan_profiles me join "user" mu on mu.id = me.user_id
            where me.user_id = ${fanId})`;
}

/**
 * facesSql's answer for the card of the show `s` (joined to its show_faces row `sf`, and the fan's
 * own mark `mine`) from the show's kept faces (migration 0041: the newest going fans whom someone
 * else may see, up to SHOW_FACES_KEPT, kept by triggers). Most cards: the fan blocks no one and is
 * blocked by no one, the show's head (its CARD_FACES newest) holds no Friends Only fan, so the fan
 * sees all of it; and the fan is not going, or is in the head already: the head is the answer as
 * kept. Otherwise the kept lists go to Node with what filtering them takes (facesFromKept): in the
 * statement, that filter was a subquery whose nodes Postgres set up on every run, run or not
 * (~0.15 ms of Postgres a page).
 */
function keptFacesSql(fanId: FanRef): SQL {
  return sql`case
        when (mine.status is distinct from 'going'
            or ${fanId} = any(sf.fan_ids[1:${CARD_FACES}]))
          and (sf.show_id is null or (sf.head_public and cardinality(${VIEWER_BLOCKS}) = 0))
        then coalesce(sf.head, '[]')
        else json_build_object('ids', sf.fan_ids, 'names', sf.names, 'photos', sf.photos,
          'friends', sf.friends, 'at', sf.marked_at, 'complete', sf.complete,
          'me', case when mine.status = 'going' then ${viewerFaceSql(fanId)} end,
          'meAt', mine.updated_at, 'pals', ${VIEWER_PALS}, 'blocks', ${VIEWER_BLOCKS}) end`;
}

/**
 * The card's pals going (social/pals-going.repo.ts' rule) for the show `s`: the fan's Show Pals marked
 * going whom they may see going (fan-visibility.repo.ts' palAttendanceVisibleSql), newest mark first.
 * Not run at all for a fan without pals. Driven from the fan's pals into show_attendance's primary
 * key, a pal at a time (`offset 0` keeps the generic plan from walking the show's marks, or every
 * fan's settings, instead), so a popular show's thousands of fans are never read.
 */
export function palsGoingCardSql(): SQL {
  return sql`case when cardinality(${VIEWER_PALS}) > 0 then (
        select json_agg(json_build_array(a.fan_id, a.name, a.image)
          order by a.updated_at desc, a.fan_id)
        from unnest(${VIEWER_PALS}) as p(id)
        cross join lateral (
          select a.fan_id, a.updated_at, coalesce(fp.tag_name, u.name) as name, u.image
          from show_attendance a
          join "user" u on u.id = a.fan_id
          left join fan_profiles fp on fp.user_id = a.fan_id
          where a.fan_id = p.id and a.show_id = s.id and a.status = 'going'
            and ${palAttendanceVisibleSql(sql`a.fan_id`, VIEWER_BLOCKS)}
          offset 0) a) end`;
}

/** The SQL path's kept faces (keptFacesSql's object) as facesFromKept reads them. */
function facesOfKeptRow(fanId: string, kept: KeptFaces): Face[] | null {
  return facesFromKept(keptFaceListOf(kept), {
    id: fanId,
    pals: new Set(kept.pals),
    blocks: new Set(kept.blocks),
    me:
      kept.me && kept.meAt !== null
        ? { name: kept.me[0], photo: kept.me[1], atMicros: jsonTimeMicros(kept.meAt) }
        : null,
  });
}

/**
 * The cards of rows read with cardColumnsSql (their shows with public figures), in order: the
 * faces the kept lists could not tell are read by facesOf (one more statement, rarely).
 */
export async function cardsFromRows(orm: Orm, fanId: string, rows: CardRow[]): Promise<TFanShow[]> {
  const shows = showsFromRows(rows);
  const own = await ownCardsFromRows(orm, fanId, rows);
  return own.map((card, i) => ({ show: shows[i] as TShow, ...card }));
}

/** cardsFromRows without the shows: the fan's own part of each card, for rows without them. */
export async function ownCardsFromRows(
  orm: Orm,
  fanId: string,
  rows: OwnCardRow[],
): Promise<OwnCard[]> {
  const faces = rows.map((row) =>
    Array.isArray(row.faces) ? row.faces : facesOfKeptRow(fanId, row.faces),
  );
  const untold = rows.filter((_, i) => faces[i] === null).map((row) => row.id);
  const read = untold.length > 0 ? await facesOf(orm, fanId, untold) : new Map();
  return rows.map((row, i) => ({
    myAttendance: row.mine,
    faces:
      faces[i]?.map(([id, name, photoUrl]) => ({ id, name: name ?? '', photoUrl })) ??
      read.get(row.id) ??
      [],
    palsGoing: palsGoingOf(row.pals_going),
  }));
}

/** A card's pals going as palsGoingCardSql reads them (none: null), counted and the first named. */
export function palsGoingOf(rows: OwnCardRow['pals_going']): TFanShow['palsGoing'] {
  if (rows === null) return NO_PALS_GOING;
  return {
    count: rows.length,
    fans: rows.slice(0, PALS_GOING_NAMED).map(([id, name, photoUrl]) => ({ id, name, photoUrl })),
  };
}

/** facesSql's faces of each of the shows `showIds`, in one statement. */
export async function facesOf(
  orm: Orm,
  fanId: string,
  showIds: string[],
): Promise<Map<string, TAttendee[]>> {
  const { rows } = await executePrepared<FaceRow>(
    orm,
    sql`
    select ids.show_id, f.id as face_id, f.name as face_name, f.photo as face_photo
    from unnest(${sql.param(showIds)}::text[]) as ids(show_id)
    cross join lateral (${facesSql(fanId, sql`ids.show_id`)}) f
    order by ids.show_id, f.updated_at desc`,
  );
  const faces = new Map<string, TAttendee[]>();
  for (const r of rows) {
    const list = faces.get(r.show_id) ?? [];
    list.push({ id: r.face_id as string, name: r.face_name ?? '', photoUrl: r.face_photo });
    faces.set(r.show_id, list);
  }
  return faces;
}
