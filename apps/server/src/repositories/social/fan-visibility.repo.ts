import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/** A fan's id, or its placeholder in a statement rendered once (db/prepared.ts' renderOnce). */
export type FanRef = string | Placeholder;

/**
 * The one visibility rule: every query that names a fan to someone else filters its
 * fans through these fragments, so a privacy setting changes what every list shows at once, with
 * nothing cached per page. Each fragment takes the viewer's id (null: signed out) and the SQL of
 * the fan's id column, and reads the fan's settings itself (no settings row: the defaults, Public
 * with attendance shown), so a caller needs no join to use it.
 *
 * - The viewer always sees themself.
 * - A block either way hides the two fans from each other everywhere (the blocked fan is not told).
 * - Visibility: Public, anyone; Friends Only, their Show Pals; Private, nobody else.
 * - Attendance (lists of who goes, faces) also needs 'Show Attendance Publicly' on; hidden fans are
 *   still counted, never named.
 *
 * Two kept copies of parts of it, each checked against these fragments after random changes:
 * show_faces' faces (fans anyone but strangers may see, test/fans/show-faces.test.ts) and its
 * `going_shown`, the going fans a stranger may see (Public, attendance shown; migration 0048,
 * Connect with Attendees' counts, test/social/attendee-counts.test.ts). A change to the rule
 * changes those migrations' triggers too.
 */

/**
 * Whether the two fans are Show Pals (the pair is stored smaller id first). Written as membership
 * in the viewer's pals, a subquery that does not depend on the fan: Postgres runs it once per
 * statement into a hash, so a list of thousands of fans costs one read of the viewer's ~50 links,
 * not one index probe per fan (bench:social, docs/performance.md); and a bare `in` lets Postgres
 * drive a query from the viewer's pals (attendees, shows in common). `fan` must not be null (a
 * null is neither in nor out): every caller passes a not-null id column.
 */
export function palsSql(viewerId: FanRef, fan: SQL): SQL {
  return sql`${fan} in (select case when pl.fan_a = ${viewerId}::text then pl.fan_b else pl.fan_a end
    from pal_links pl
    where (pl.fan_a = ${viewerId}::text or pl.fan_b = ${viewerId}::text) and pl.state = 'pals')`;
}

/** Whether either fan blocked the other: membership in the viewer's blocks both ways (as above). */
export function blockedEitherWaySql(viewerId: FanRef, fan: SQL): SQL {
  return sql`${fan} in (select fb.blocked_id from fan_blocks fb where fb.blocker_id = ${viewerId}::text
    union all select fb.blocker_id from fan_blocks fb where fb.blocked_id = ${viewerId}::text)`;
}

/** Whether the fan's visibility lets the viewer see their profile (and, if shown, attendance). */
function visibilityAllowsSql(viewerId: FanRef | null, fan: SQL, alsoHidden: SQL): SQL {
  const friendsOk = viewerId === null ? sql`false` : palsSql(viewerId, fan);
  return sql`not exists (select 1 from fan_settings vs where vs.user_id = ${fan}
    and (vs.visibility = 'private' or (vs.visibility = 'friends' and not ${friendsOk})
      or ${alsoHidden}))`;
}

/** Whether the viewer may see the fan's profile (photo and tag name aside, which lists show). */
export function profileVisibleSql(viewerId: string | null, fan: SQL): SQL {
  if (viewerId === null) return visibilityAllowsSql(null, fan, sql`false`);
  return sql`(${fan} = ${viewerId} or (not ${blockedEitherWaySql(viewerId, fan)}
    and ${visibilityAllowsSql(viewerId, fan, sql`false`)}))`;
}

/** Whether the viewer may see that the fan goes to or went to a show (attendee lists, faces). */
export function attendanceVisibleSql(viewerId: FanRef | null, fan: SQL): SQL {
  const hidden = sql`not vs.show_attendance`;
  if (viewerId === null) return visibilityAllowsSql(null, fan, hidden);
  return sql`(${fan} = ${viewerId} or (not ${blockedEitherWaySql(viewerId, fan)}
    and ${visibilityAllowsSql(viewerId, fan, hidden)}))`;
}

/**
 * attendanceVisibleSql for a fan already known to be the viewer's Show Pal (Friends Only lets a
 * pal see), with the viewer's blocks given as an array: only Private, Show Attendance Publicly off
 * or a block either way hide them. For a statement driven from the viewer's pals, where the
 * general fragment's pal and block subqueries cost a plan node each on every run (Your Alerts'
 * cards, fan-show-cards.repo.ts). The same rule in Node, over show_faces' kept fans (who already pass
 * it for someone), is fan-show-cards.repo.ts' facesFromKept.
 */
export function palAttendanceVisibleSql(fan: SQL, viewerBlocks: SQL): SQL {
  return sql`${fan} <> all(${viewerBlocks}) and not exists (select 1 from fan_settings vs
    where vs.user_id = ${fan} and (vs.visibility = 'private' or not vs.show_attendance))`;
}

/** Whether the two fans may appear to each other at all (in pal lists, requests, suggestions). */
export function notBlockedSql(viewerId: string, fan: SQL): SQL {
  return sql`not ${blockedEitherWaySql(viewerId, fan)}`;
}
