import type {
  AttendanceRow,
  DemoFan,
  FanSettingsRow,
  GoingInviteRow,
  PalLinkRow,
  ShowRow,
  SocialNoticeRow,
} from './demo-rows.ts';
import type { Random } from './prng.ts';

const HOUR_MS = 3_600_000;

/**
 * The demo fan's open going-together invite, with its notice, as the API would have
 * written them: from one of its pals who is going to an upcoming, confirmed, not cancelled show
 * the demo fan is not going to. Only a pal whose attendance the demo fan may see is used (a pal
 * who hides it, or is Private, would not tell their pals where they go). When no pal is going to
 * such a show, the first such pal is marked going to the soonest one (`attendance` answers that
 * mark), so the demo always has an invite to answer.
 */
export function demoGoingInvites(
  random: Random,
  now: Date,
  demoFan: DemoFan,
  palLinks: PalLinkRow[],
  attendance: AttendanceRow[],
  settings: FanSettingsRow[],
  shows: ShowRow[],
): {
  attendance: AttendanceRow[];
  goingInvites: GoingInviteRow[];
  socialNotices: SocialNoticeRow[];
} {
  const me = demoFan.user.id;
  const hidden = new Set(
    settings
      .filter((s) => s.showAttendance === false || s.visibility === 'private')
      .map((s) => s.userId),
  );
  const pals = palLinks
    .filter((l) => l.state === 'pals' && (l.fanA === me || l.fanB === me))
    .map((l) => (l.fanA === me ? l.fanB : l.fanA))
    .filter((id) => !hidden.has(id));
  const mine = new Set(attendance.filter((a) => a.fanId === me).map((a) => a.showId));
  // A day ahead at least, so the invite stays open through a demo session.
  const open = shows
    .filter(
      (s) =>
        s.startsAt.getTime() > now.getTime() + 24 * HOUR_MS &&
        s.status !== 'cancelled' &&
        s.confirmation === 'confirmed' &&
        !mine.has(s.id),
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const first = pals[0];
  const soonest = open[0];
  if (first === undefined || soonest === undefined)
    return { attendance: [], goingInvites: [], socialNotices: [] };

  const openIds = new Set(open.map((s) => s.id));
  const palSet = new Set(pals);
  const found = attendance.find(
    (a) => a.status === 'going' && palSet.has(a.fanId) && openIds.has(a.showId),
  );
  const [from, showId, added] = found
    ? [found.fanId, found.showId, []]
    : [first, soonest.id, [{ fanId: first, showId: soonest.id, status: 'going' as const }]];
  const createdAt = new Date(now.getTime() - random.int(2, 20) * HOUR_MS);
  return {
    attendance: added,
    goingInvites: [{ showId, fromFanId: from, toFanId: me, state: 'invited', createdAt }],
    socialNotices: [{ userId: me, kind: 'going_invite', actorId: from, showId, createdAt }],
  };
}
