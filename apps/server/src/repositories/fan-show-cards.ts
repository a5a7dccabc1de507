import { CARD_FACES, type TAttendee, type TFanShow, type TShow } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
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
    left join lateral (
      select u.id, fp.tag_name as name, u.image as photo, a.updated_at
      from show_attendance a
      join fan_profiles fp on fp.user_id = a.fan_id
      join "user" u on u.id = a.fan_id
      where a.show_id = ids.show_id and a.status = 'going'
        and ${attendanceVisibleSql(fanId, sql`a.fan_id`)}
      order by a.updated_at desc
      limit ${CARD_FACES}
    ) f on true
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
