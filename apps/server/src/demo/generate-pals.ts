import type { AttendanceRow, DemoFan, FanSettingsRow, PalLinkRow } from './demo-rows.ts';
import { addDays } from './demo-time.ts';
import type { Random } from './prng.ts';

/** The demo fan's pals, requests to it and from it; the rest of its show-mates stay suggestions. */
const DEMO_FAN_PALS = 6;
const DEMO_FAN_INCOMING = 2;
const DEMO_FAN_OUTGOING = 1;
/** Pals among the other fans, so pal counts and suggestions have something to work with. */
const OTHER_PAIRS = 400;

/**
 * Show Pals for the demo, within each fan's privacy: only fans who take requests, are
 * not Private and show their attendance are asked (the demo fan keeps the defaults, so it may be asked). The demo fan's
 * pals and requests come from the fans who share the most of its shows, so /social shows them
 * with shows in common and leaves the next ones as suggestions. Rows name the two fans in any
 * order: the loader stores each pair smaller id first, in the database's own ordering.
 */
export function demoPalLinks(
  random: Random,
  now: Date,
  demoFan: DemoFan,
  others: DemoFan[],
  attendance: AttendanceRow[],
  settings: FanSettingsRow[],
): PalLinkRow[] {
  // A fan who hides where they go would share no shows with the demo fan on /social: such fans
  // are left out of its pals and requests too, so every pal shown has shows in common.
  const closed = new Set(
    settings
      .filter(
        (s) =>
          s.allowFriendRequests === false ||
          s.visibility === 'private' ||
          s.showAttendance === false,
      )
      .map((s) => s.userId),
  );
  const open = (fan: DemoFan) => !closed.has(fan.user.id);
  const mine = new Set(attendance.filter((a) => a.fanId === demoFan.user.id).map((a) => a.showId));
  const shared = new Map<string, number>();
  for (const a of attendance) {
    if (a.fanId !== demoFan.user.id && mine.has(a.showId))
      shared.set(a.fanId, (shared.get(a.fanId) ?? 0) + 1);
  }
  const showMates = others
    .filter((f) => open(f) && (shared.get(f.user.id) ?? 0) > 0)
    .sort((a, b) => (shared.get(b.user.id) ?? 0) - (shared.get(a.user.id) ?? 0));

  const links: PalLinkRow[] = [];
  const taken = new Set<string>();
  const link = (a: DemoFan, b: DemoFan, requestedBy: DemoFan, state: PalLinkRow['state']) => {
    const key = [a.user.id, b.user.id].sort().join(':');
    if (a === b || taken.has(key)) return;
    taken.add(key);
    const since = Math.max(a.user.createdAt.getTime(), b.user.createdAt.getTime());
    const createdAt = new Date(since + random.next() * (now.getTime() - since) * 0.9);
    const updatedAt = state === 'pals' ? addDays(createdAt, random.int(0, 3)) : createdAt;
    links.push({
      fanA: a.user.id,
      fanB: b.user.id,
      requestedBy: requestedBy.user.id,
      state,
      createdAt,
      updatedAt: updatedAt > now ? createdAt : updatedAt,
    });
  };

  const [pals, incoming, outgoing] = [
    showMates.slice(0, DEMO_FAN_PALS),
    showMates.slice(DEMO_FAN_PALS, DEMO_FAN_PALS + DEMO_FAN_INCOMING),
    showMates.slice(
      DEMO_FAN_PALS + DEMO_FAN_INCOMING,
      DEMO_FAN_PALS + DEMO_FAN_INCOMING + DEMO_FAN_OUTGOING,
    ),
  ];
  for (const f of pals) link(demoFan, f, random.chance(0.5) ? demoFan : f, 'pals');
  for (const f of incoming) link(demoFan, f, f, 'requested');
  for (const f of outgoing) link(demoFan, f, demoFan, 'requested');

  const openOthers = others.filter(open);
  for (let i = 0; i < OTHER_PAIRS && openOthers.length > 1; i++) {
    const a = random.pick(openOthers);
    const b = random.pick(openOthers);
    link(a, b, a, 'pals');
  }
  return links;
}
