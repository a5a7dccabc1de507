import type { DemoCity } from './cities.ts';
import { DEMO_CITIES } from './cities.ts';
import { DEMO_LOGINS } from './demo-accounts.ts';
import type { AlertRow, AttendanceRow, DemoFan, DemoPerformer, DemoVenue } from './demo-rows.ts';
import { addDays, HOUR_MS } from './demo-time.ts';
import type { FanSeed } from './generate-fans.ts';
import type { PerformerSeed } from './generate-performers.ts';
import type { GeneratedShow, ShowPlan } from './generate-shows.ts';
import type { VenueSeed } from './generate-venues.ts';

/**
 * The three accounts printed at start. Their shows and marks are placed by hand (relative to
 * today) so that every page they open has something true on it: the fan's Next Show, "Did you
 * go?", alerts near home and a history across several venues this year; the performer's and the
 * venue's upcoming shows, past shows with results, and followers.
 */
export const FEATURED_PERFORMER: PerformerSeed = {
  name: 'Neon Harbor',
  username: 'demo_performer',
  email: DEMO_LOGINS.performer,
  genres: ['Indie', 'Alternative', 'Rock'],
};

export const FEATURED_VENUE: VenueSeed = {
  name: 'The Halcyon Room',
  username: 'demo_venue',
  email: DEMO_LOGINS.venue,
  zip: '10012',
  type: 'club',
  capacity: 650,
};

export const FEATURED_FAN: FanSeed = {
  tagName: 'Riley Brooks',
  username: 'demo_fan',
  email: DEMO_LOGINS.fan,
  zip: '11211',
  radius: 50,
  genres: ['Indie', 'Alternative', 'Rock', 'Jazz'],
  smsOptIn: true,
};

export const cityNamed = (name: string): DemoCity =>
  DEMO_CITIES.find((c) => c.city === name) as DemoCity;

/** Cities within the featured fan's 50 miles of Brooklyn. */
const NEAR_HOME = new Set(['New York', 'Brooklyn', 'Jersey City', 'Hoboken', 'Newark']);

type Cast = {
  performer: DemoPerformer;
  /** Four performers in the fan's genres: A (Rock), B (Jazz), C (Indie), D (Alternative). */
  others: [DemoPerformer, DemoPerformer, DemoPerformer, DemoPerformer];
  venue: DemoVenue;
  nearby: DemoVenue[];
  away: DemoVenue[];
};

/** The featured shows: [plan, the fan's mark] — days from today, never 0. */
export function featuredPlans(cast: Cast): Array<[ShowPlan, 'going' | 'attended' | null]> {
  const { performer: P, others, venue: V, nearby, away } = cast;
  const [A, B, C, D] = others;
  const n = (i: number) => nearby[i % nearby.length] as DemoVenue;
  const far = (i: number) => away[i % away.length] as DemoVenue;
  const plan = (performer: DemoPerformer, venue: DemoVenue, days: number): ShowPlan => ({
    performer,
    venue,
    days,
    firm: true,
  });
  return [
    // Upcoming: three the fan is going to, one more near home to discover, the rest away.
    [plan(P, V, 9), 'going'],
    [plan(A, n(0), 16), 'going'],
    [plan(B, n(1), 30), 'going'],
    [plan(C, n(2), 45), null],
    [plan(D, V, 24), null],
    [plan(P, far(0), 38), null],
    [plan(P, far(1), 52), null],
    [plan(P, n(3), 80), null],
    [plan(A, V, 66), null],
    // Past: one the fan said they would go to and has not confirmed, then a history.
    [plan(B, V, -1), 'going'],
    [plan(P, V, -3), 'attended'],
    [plan(A, n(0), -12), 'attended'],
    [plan(C, n(1), -26), 'attended'],
    [plan(P, n(2), -47), 'attended'],
    [plan(D, V, -90), 'attended'],
    [plan(P, far(0), -130), 'attended'],
    [plan(P, far(2), -20), null],
    [plan(P, V, -160), null],
    [plan(P, far(3), -200), null],
    [plan(C, V, -240), null],
  ];
}

export function splitVenues(venues: readonly DemoVenue[], featured: DemoVenue) {
  const others = venues.filter((v) => v !== featured);
  return {
    nearby: others.filter((v) => NEAR_HOME.has(v.profile.city)),
    away: others.filter((v) => !NEAR_HOME.has(v.profile.city)),
  };
}

/** The fan watches the featured performer and the four others, plus one with no show near home. */
export function featuredAlerts(
  now: Date,
  fan: DemoFan,
  watched: readonly DemoPerformer[],
): AlertRow[] {
  return watched.map((p, i) => ({
    fanId: fan.user.id,
    performerId: p.user.id,
    channels: i === 0 ? ['push', 'email', 'sms'] : i % 2 ? ['push'] : ['push', 'email'],
    createdAt: addDays(now, -200 + i * 17),
  }));
}

export function featuredAttendance(
  now: Date,
  fan: DemoFan,
  marked: Array<[GeneratedShow, 'going' | 'attended']>,
): AttendanceRow[] {
  return marked.map(([show, status]) => ({
    fanId: fan.user.id,
    showId: show.row.id,
    status,
    // Going: marked a few days after the announcement; attended: the morning after the show.
    updatedAt:
      status === 'attended'
        ? new Date(Math.min(show.row.startsAt.getTime() + 14 * HOUR_MS, now.getTime() - HOUR_MS))
        : new Date(Math.min(addDays(show.row.createdAt, 2).getTime(), now.getTime() - HOUR_MS)),
  }));
}
