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
import { type ShowRow, showsFromRows } from './show-select.ts';
import {
  attendanceVisibleSql,
  blockedEitherWaySql,
  type FanRef,
  palsSql,
} from './social/fan-visibility.ts';
import { NO_PALS_GOING, palsGoingOf, palsGoingSql } from './social/pals-going.ts';

type Mark = TFanShow['myAttendance'];
type FaceRow = {
  show_id: string;
  mine: Mark;
  face_id: string | null;
  face_name: string | null;
  face_photo: string | null;
};

/**
 * Turns shows into the fan's cards: the fan's own mark and up to CARD_FACES faces of fans going,
 * for every show in ONE statement (a page never costs a query per card).
 *
 * Faces are the fans this fan may see going (the one rule, social/fan-visibility.ts, as on the
 * show page). Only 'going' marks give a face, so "+N more" is `show.attendingCount` minus the
 * faces. Pals going (social/pals-going.ts) take one more statement for the whole page, run
 * alongside.
 */
export async function toFanShows(orm: Orm, fanId: string, shows: TShow[]): Promise<TFanShow[]> {
  if (shows.length === 0) return [];
  const ids = shows.map((s) => s.id);
  const [{ rows }, palsGoing] = await Promise.all([
    executePrepared<FaceRow>(
      orm,
      sql`
    select ids.show_id, mine.status as mine, f.id as face_id, f.name as face_name,
      f.photo as face_photo
    from unnest(${sql.param(ids)}::text[]) as ids(show_id)
    left join show_attendance mine on mine.show_id = ids.show_id and mine.fan_id = ${fanId}
    left join lateral (${facesSql(fanId, sql`ids.show_id`)}) f on true
    order by ids.show_id, f.updated_at desc`,
    ),
    palsGoingOf(orm, fanId, ids),
  ]);
  const mine = new Map<string, Mark>();
  const faces = new Map<string, TAttendee[]>();
  for (const r of rows) {
    mine.set(r.show_id, r.mine);
    if (r.face_id === null) continue;
    const list = faces.get(r.show_id) ?? [];
    list.push({ id: r.face_id, name: r.face_name ?? '', photoUrl: r.face_photo });
    faces.set(r.show_id, list);
  }
  return shows.map((show) => ({
    show,
    myAttendance: mine.get(show.id) ?? null,
    faces: faces.get(show.id) ?? [],
    palsGoing: palsGoing.get(show.id) ?? NO_PALS_GOING,
  }));
}

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

/** A card's own columns beside its show's (cardColumnsSql): mark, faces and pals going. */
export type CardRow = ShowRow & {
  mine: Mark;
  /**
   * Up to CARD_FACES fans going, newest mark first, as [id, tag name, photo]; null: the kept
   * faces could not tell (facesOf).
   */
  faces: Array<[string, string | null, string | null]> | null;
  /** Pals going whom the fan may see (none: null): the first PALS_GOING_NAMED, and how many. */
  pals_fans: Array<[string, string, string | null]> | null;
  pals_total: number | null;
};

/**
 * A page's cards in the statement that reads its shows (Your Alerts: ONE statement for the feed
 * and its cards, fan-pages.repo.ts): `showRowsWithSql` with these `columns` and `joins`, over a
 * CTE `pagePals` of `cardPalsCte` for the page's show ids. Rows, not a JSON array of them
 * (json_agg and its sort cost ~0.1 ms of a page's ~1.1). One statement, not three (the feed, its
 * cards, its pals): a round trip to Postgres costs Node and Postgres more than these joins (the
 * driver's socket writes were a fifth of Node's time on an uncached Your Alerts).
 */
export function cardColumnsSql(fanId: FanRef, pagePals: SQL): SQL {
  return sql`mine.status as mine, ${keptFacesSql(fanId)} as faces,
        ${pagePals}.fans as pals_fans, ${pagePals}.total as pals_total`;
}

export function cardJoinsSql(fanId: FanRef, pagePals: SQL): SQL {
  return sql`
    left join show_attendance mine on mine.show_id = s.id and mine.fan_id = ${fanId}
    left join show_faces sf on sf.show_id = s.id
    left join ${pagePals} on ${pagePals}.show_id = s.id`;
}

/**
 * facesSql's answer for the card of the show `s` (joined to its show_faces row `sf`, and the fan's
 * own mark `mine`) read from the show's kept faces (migration 0041: the newest going fans whom
 * someone else may see, up to SHOW_FACES_KEPT, kept by triggers), filtered for this fan: a block
 * either way hides one, a Friends Only one needs to be a pal; the fan themself is always seen
 * (their own mark, whatever their settings). Exact when the kept list is every such fan
 * (`complete`) or when CARD_FACES of it pass the filter (anyone not kept is older than all the
 * kept): otherwise null, and facesOf answers (rarely: more than SHOW_FACES_KEPT - CARD_FACES of
 * the newest hidden from this fan). Not in this statement: every node of a plan is set up on
 * each run, run or not (its subtree cost ~0.03 ms a page).
 */
function keptFacesSql(fanId: FanRef): SQL {
  // Most cards: the fan blocks no one and is blocked by no one, and the show's head (its
  // CARD_FACES newest) holds no Friends Only fan, so the fan sees all of it; and the fan is not
  // going, or is in the head already: the head is the answer as kept.
  const blocksNone = sql`not exists (select 1 from fan_blocks fb where fb.blocker_id = ${fanId})
          and not exists (select 1 from fan_blocks fb where fb.blocked_id = ${fanId})`;
  return sql`case
        when (mine.status is distinct from 'going'
            or ${fanId} = any(sf.fan_ids[1:${CARD_FACES}]))
          and (sf.show_id is null or (sf.head_public and ${blocksNone}))
        then coalesce(sf.head, '[]')
        else (select case
          when sf.complete is not false or count(*) filter (where k.id <> ${fanId}) >= ${CARD_FACES}
          then coalesce(to_json((array_agg(json_build_array(k.id, k.name, k.photo)
            order by k.at desc))[1:${CARD_FACES}]), '[]')
          else null end
        from (
          select k.id, k.name, k.photo, k.at
          from unnest(sf.fan_ids, sf.names, sf.photos, sf.friends, sf.marked_at)
            as k(id, name, photo, friends_only, at)
          where k.id <> ${fanId} and not ${blockedEitherWaySql(fanId, sql`k.id`)}
            and (not k.friends_only or ${palsSql(fanId, sql`k.id`)})
          union all
          select ${fanId}, me.tag_name, mu.image, mine.updated_at
          from fan_profiles me join "user" mu on mu.id = me.user_id
          where me.user_id = ${fanId} and mine.status = 'going'
        ) k) end`;
}

/** The pals going of the shows `= showIds` (social/pals-going.ts), a row per show. */
export function cardPalsCte(fanId: FanRef, showIds: SQL): SQL {
  return sql`
    select show_id, json_agg(json_build_array(id, name, photo) order by rank) as fans,
      max(total) as total
    from (${palsGoingSql(fanId, showIds)}) ranked
    where rank <= ${PALS_GOING_NAMED}
    group by show_id`;
}

/**
 * The cards of rows read with cardColumnsSql (their shows with public figures), in order: the
 * faces the kept lists could not tell are read by facesOf (one more statement, rarely).
 */
export async function cardsFromRows(orm: Orm, fanId: string, rows: CardRow[]): Promise<TFanShow[]> {
  const shows = showsFromRows(rows);
  const untold = rows.filter((row) => row.faces === null).map((row) => row.id);
  const read = untold.length > 0 ? await facesOf(orm, fanId, untold) : new Map();
  return rows.map((row, i) => ({
    show: shows[i] as TShow,
    myAttendance: row.mine,
    faces:
      row.faces?.map(([id, name, photoUrl]) => ({ id, name: name ?? '', photoUrl })) ??
      read.get(row.id) ??
      [],
    palsGoing:
      row.pals_fans === null
        ? NO_PALS_GOING
        : {
            count: row.pals_total ?? 0,
            fans: row.pals_fans.map(([id, name, photoUrl]) => ({ id, name, photoUrl })),
          },
  }));
}

/** facesSql's faces of each of the shows `showIds`, in one statement. */
async function facesOf(
  orm: Orm,
  fanId: string,
  showIds: string[],
): Promise<Map<string, TAttendee[]>> {
  const { rows } = await executePrepared<FaceRow>(
    orm,
    sql`
    select ids.show_id, null as mine, f.id as face_id, f.name as face_name, f.photo as face_photo
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
