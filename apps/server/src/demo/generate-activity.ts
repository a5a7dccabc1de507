import {
  ALERT_CHANNELS,
  type TAlertChannel,
  ZArtistAlertInput,
  ZNotificationSettings,
  ZPrivacySettings,
  ZShowResults,
} from '@encore/contract';
import type {
  AlertRow,
  AttendanceRow,
  DemoFan,
  DemoPerformer,
  FanSettingsRow,
  ShowRow,
} from './demo-rows.ts';
import { addDays, between, HOUR_MS } from './demo-time.ts';
import type { GeneratedShow } from './generate-shows.ts';
import { seenByFans } from './pending-shows.ts';
import type { Random } from './prng.ts';

/** Great-circle distance in miles (what earthdistance computes in SQL, close enough here). */
export function milesBetween(a: { latitude: number; longitude: number }, b: typeof a): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** Channels as a fan picks them in the alert dialog; SMS only with a phone and SMS opt-in. */
export function alertChannels(random: Random, fan: DemoFan): TAlertChannel[] {
  const base = random.weighted<TAlertChannel[]>([
    [['push'], 3],
    [['push', 'email'], 4],
    [['email'], 2],
  ]);
  const withSms = fan.profile.smsOptIn && random.chance(0.5) ? [...base, 'sms' as const] : base;
  const channels = ALERT_CHANNELS.filter((c) => withSms.includes(c));
  return ZArtistAlertInput.parse({ channels }).channels;
}

/** 0–8 performers per fan, mostly from the fan's favourite genres. */
export function fanAlerts(
  random: Random,
  now: Date,
  fan: DemoFan,
  byGenre: ReadonlyMap<string, DemoPerformer[]>,
  all: readonly DemoPerformer[],
): AlertRow[] {
  const count = random.weighted([
    [0, 15],
    [random.int(1, 2), 25],
    [random.int(3, 5), 35],
    [random.int(6, 8), 25],
  ] as const);
  const liked = fan.profile.favoriteGenres.flatMap((g) => byGenre.get(g) ?? []);
  const chosen = new Set<DemoPerformer>();
  for (let tries = 0; chosen.size < count && tries < 50; tries++) {
    chosen.add(random.chance(0.75) && liked.length > 0 ? random.pick(liked) : random.pick(all));
  }
  return [...chosen].map((p) => ({
    fanId: fan.user.id,
    performerId: p.user.id,
    channels: alertChannels(random, fan),
    createdAt: between(fan.user.createdAt, addDays(now, -1), random.next()),
  }));
}

/**
 * Going and attended marks near the fan's home (or a watched artist within 100 miles), the way
 * fans use the show page: 'attended' only once a show started and never on a cancelled show;
 * none on a show still waiting for a party's word (no fan sees it); some past 'going' marks are
 * left unconfirmed, which the dashboard asks about.
 */
export function fanAttendance(
  random: Random,
  now: Date,
  fan: DemoFan,
  watched: ReadonlySet<string>,
  shows: readonly GeneratedShow[],
  marks: Map<string, number>,
): AttendanceRow[] {
  const genres = new Set<string>(fan.profile.favoriteGenres);
  const radius = fan.profile.preferredRadius;
  const past: GeneratedShow[] = [];
  const upcoming: GeneratedShow[] = [];
  for (const s of shows) {
    if (!seenByFans(s)) continue;
    const fits = genres.has(s.row.genre) || watched.has(s.row.performerId);
    if (!fits) continue;
    const miles = milesBetween(fan.profile, s.row);
    if (miles > radius && !(watched.has(s.row.performerId) && miles <= 100)) continue;
    if (s.row.startsAt < now) {
      if (s.row.status !== 'cancelled') past.push(s);
    } else upcoming.push(s);
  }
  const rows: AttendanceRow[] = [];
  const attendedCount = random.weighted([
    [0, 25],
    [random.int(1, 2), 35],
    [random.int(3, 5), 28],
    [random.int(6, 10), 12],
  ] as const);
  for (const s of random.sample(past, attendedCount)) {
    const taken = marks.get(s.row.id) ?? 0;
    if (taken >= s.capacity * 0.6) continue;
    marks.set(s.row.id, taken + 1);
    const unconfirmed = random.chance(0.12);
    const after = unconfirmed ? s.row.createdAt : s.row.startsAt;
    const until = unconfirmed ? s.row.startsAt : now;
    rows.push({
      fanId: fan.user.id,
      showId: s.row.id,
      status: unconfirmed ? 'going' : 'attended',
      updatedAt: between(later(after, fan.user.createdAt), until, random.next()),
    });
  }
  const goingCount = random.weighted([
    [0, 40],
    [1, 30],
    [2, 20],
    [random.int(3, 4), 10],
  ] as const);
  for (const s of random.sample(upcoming, goingCount)) {
    // A mark on a show cancelled later was made before the cancellation.
    const until = s.cancelledAt ?? new Date(now.getTime() - HOUR_MS);
    rows.push({
      fanId: fan.user.id,
      showId: s.row.id,
      status: 'going',
      updatedAt: between(later(s.row.createdAt, fan.user.createdAt), until, random.next()),
    });
  }
  return rows;
}

/** The later of two instants. */
export const later = (a: Date, b: Date) => (a > b ? a : b);

/** A quarter of the fans changed a setting; privacy mostly still lets their faces show. */
export function fanSettingsRow(random: Random, now: Date, fan: DemoFan): FanSettingsRow | null {
  if (!random.chance(0.25)) return null;
  const notifications = ZNotificationSettings.parse({
    push: random.chance(0.85),
    email: random.chance(0.8),
    sms: fan.profile.smsOptIn && random.chance(0.7),
    newShows: random.chance(0.9),
    ticketSales: random.chance(0.85),
    priceDrops: random.chance(0.8),
    lineupChanges: random.chance(0.75),
  });
  const privacy = ZPrivacySettings.parse({
    visibility: random.weighted([
      ['public', 80],
      ['friends', 14],
      ['private', 6],
    ] as const),
    showAttendance: random.chance(0.88),
    allowFriendRequests: random.chance(0.85),
  });
  return {
    userId: fan.user.id,
    ...notifications,
    ...privacy,
    updatedAt: between(fan.user.createdAt, now, random.next()),
  };
}

/**
 * What the venue entered after the show (Encore venues only, not cancelled): at least the fans
 * who marked it attended, within capacity; takings from the ticket prices; with `merch`, what
 * the merchandise table took ($3–14 a head).
 */
export function showResults(
  random: Random,
  show: GeneratedShow,
  attended: number,
  always: boolean,
  merch: boolean,
): Pick<ShowRow, 'attendance' | 'grossRevenue' | 'merchRevenue'> | null {
  if (!show.venue || show.row.status === 'cancelled') return null;
  if (!always && !random.chance(0.85)) return null;
  const fill = 0.35 + random.next() * 0.63;
  const attendance = Math.min(show.capacity, Math.max(attended, Math.round(show.capacity * fill)));
  const low = show.row.priceMin ?? 0;
  const high = show.row.priceMax ?? low;
  const average = (low + high) / 2;
  // Free shows still take a little at the door (donations, a small cover).
  const perHead = average > 0 ? average * (0.8 + random.next() * 0.2) : 5;
  const merchPerHead = 3 + random.next() * 11;
  return ZShowResults.parse({
    attendance,
    grossRevenue: Math.round(attendance * perHead * 100) / 100,
    merchRevenue: merch ? Math.round(attendance * merchPerHead * 100) / 100 : null,
  });
}
