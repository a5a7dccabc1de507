import { CARD_FACES, type TAttendee, type TFanShow, type TShow } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { type ShowRow, showRowsWithSql, showsFromRows } from './show-select.ts';
import { attendanceVisibleSql } from './social/fan-visibility.ts';
import { NO_PALS_GOING, palsGoingOf } from './social/pals-going.ts';

type Mark = TFanShow['myAttendance'];
type CardRow = {
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
    executePrepared<CardRow>(
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
function facesSql(fanId: string, showId: SQL): SQL {
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

type PageCardRow = ShowRow & {
  mine: Mark;
  /** Up to CARD_FACES fans going, newest mark first, as [id, tag name, photo]. */
  faces: Array<[string, string | null, string | null]>;
};

/**
 * The cards of the shows `ids` starting at `startsAt` (public figures, as selectShows), in that
 * order, from ONE prepared statement: a row per show (show-select.ts' columns) with the fan's mark
 * and faces on it; pals going alongside (social/pals-going.ts). Rows, not a JSON array of them
 * (json_agg and its sort cost ~0.1 ms of the page's ~1.1), and unordered: the shows are read by
 * primary key; each one's start is checked against the feed's (a filter, which no index answers:
 * `starts_at = any(...)` had Postgres AND shows_starts_idx with the key). A show deleted or moved
 * since the feed chose it simply drops out.
 */
export async function fanCardsOf(
  orm: Orm,
  fanId: string,
  ids: string[],
  startsAt: string[],
): Promise<TFanShow[]> {
  if (ids.length === 0) return [];
  const list = sql`${sql.param(ids)}::text[]`;
  const starts = sql`${sql.param(startsAt)}::timestamptz[]`;
  const [{ rows }, palsGoing] = await Promise.all([
    executePrepared<PageCardRow>(
      orm,
      showRowsWithSql(
        sql`s.id = any(${list}) and s.starts_at = (${starts})[array_position(${list}, s.id)]`,
        {
          columns: sql`mine.status as mine, (
          select coalesce(json_agg(json_build_array(f.id, f.name, f.photo)
            order by f.updated_at desc), '[]')
          from (${facesSql(fanId, sql`s.id`)}) f) as faces`,
          joins: sql`
    left join show_attendance mine on mine.show_id = s.id and mine.fan_id = ${fanId}`,
        },
      ),
    ),
    palsGoingOf(orm, fanId, ids),
  ]);
  const shows = showsFromRows(rows);
  const byId = new Map(rows.map((row, i) => [row.id, { row, show: shows[i] as TShow }]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const faces = found.row.faces.map(([faceId, name, photoUrl]) => ({
      id: faceId,
      name: name ?? '',
      photoUrl,
    }));
    return [
      {
        show: found.show,
        myAttendance: found.row.mine,
        faces,
        palsGoing: palsGoing.get(id) ?? NO_PALS_GOING,
      },
    ];
  });
}
