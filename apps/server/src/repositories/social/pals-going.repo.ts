import { PALS_GOING_NAMED, type TPalsGoing } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { SqlClient } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { attendanceVisibleSql, type FanRef } from './fan-visibility.repo.ts';

type Row = {
  show_id: string;
  id: string;
  name: string;
  photo: string | null;
  total: number;
};

export const NO_PALS_GOING: TPalsGoing = { count: 0, fans: [] };

/**
 * "Which pals are going" for many shows in ONE statement: my Show Pals marked going whom I may see
 * going (the one rule, fan-visibility.repo.ts). A pal who hides their attendance (Show Attendance
 * Publicly off, or Private) is neither named NOR counted: the count is "pals going you can see",
 * and counting them would tell their pals what they chose to hide. Named: up to PALS_GOING_NAMED,
 * newest mark first. Driven from my pals (few) into show_attendance's primary key, so a popular
 * show's thousands of fans are never read.
 */
export async function palsGoingOf(
  db: SqlClient,
  me: string,
  showIds: string[],
): Promise<Map<string, TPalsGoing>> {
  const found = new Map<string, TPalsGoing>();
  if (showIds.length === 0) return found;
  const { rows } = await executePrepared<Row>(
    db,
    sql`
    select show_id, id, name, photo, total from (${palsGoingSql(me, sql`any(${sql.param(showIds)}::text[])`)}) ranked
    where rank <= ${PALS_GOING_NAMED}
    order by show_id, rank`,
  );
  for (const r of rows) {
    const entry = found.get(r.show_id) ?? { count: r.total, fans: [] };
    entry.fans.push({ id: r.id, name: r.name, photoUrl: r.photo });
    found.set(r.show_id, entry);
  }
  return found;
}

/**
 * The pals going rows of palsGoingOf for the shows `= showIds` (an `any(...)` over an array, so
 * the primary key's (fan_id, show_id) answers it): `show_id, id, name, photo` of every pal going
 * whom `me` may see, with `total` (their number for the show) and `rank` (1 = newest mark).
 * Cut at PALS_GOING_NAMED by the caller: a page that reads its cards in one statement embeds it.
 */
export function palsGoingSql(me: FanRef, showIds: SQL): SQL {
  return sql`
      select a.show_id, u.id, coalesce(fp.tag_name, u.name) as name, u.image as photo,
        count(*) over (partition by a.show_id)::int as total,
        row_number() over (partition by a.show_id order by a.updated_at desc, u.id) as rank
      from pal_links l
      join show_attendance a on a.fan_id = case when l.fan_a = ${me} then l.fan_b else l.fan_a end
        and a.show_id = ${showIds} and a.status = 'going'
      join "user" u on u.id = a.fan_id
      left join fan_profiles fp on fp.user_id = u.id
      where (l.fan_a = ${me} or l.fan_b = ${me}) and l.state = 'pals'
        and ${attendanceVisibleSql(me, sql`a.fan_id`)}`;
}
