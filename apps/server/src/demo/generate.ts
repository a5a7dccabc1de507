import { DAYS_OF_WEEK, GENRES } from '@encore/contract';
import { DEMO_CITIES } from './cities.ts';
import { CITY_WEIGHTS, type Taken } from './demo-identity.ts';
import type {
  AttendanceRow,
  DemoDataSet,
  DemoFan,
  DemoPerformer,
  DemoVenue,
  FanSettingsRow,
} from './demo-rows.ts';
import { addDays, HOUR_MS } from './demo-time.ts';
import { demoFanPlaces } from './fan-places.ts';
import {
  cityNamed,
  FEATURED_FAN,
  FEATURED_PERFORMER,
  FEATURED_VENUE,
  featuredAlerts,
  featuredAttendance,
  featuredPlans,
  splitVenues,
} from './featured.ts';
import { growingFollowers, performerTourPlans } from './featured-performer.ts';
import { localFans, venueCrowd, venueSeasonPlans } from './featured-venue.ts';
import { fanAlerts, fanAttendance, fanSettingsRow, showResults } from './generate-activity.ts';
import { ticketClicks } from './generate-clicks.ts';
import { makeFan } from './generate-fans.ts';
import { demoGoingInvites } from './generate-going-together.ts';
import { demoPalLinks } from './generate-pals.ts';
import { makePerformer } from './generate-performers.ts';
import { type GeneratedShow, makeShow, type ShowPlan } from './generate-shows.ts';
import { makeVenue } from './generate-venues.ts';
import { leavePending, pendingPlans } from './pending-shows.ts';
import { plannerWorld } from './planner-world.ts';
import { createRandom, type Random } from './prng.ts';
import { demoShowRequests } from './show-requests.ts';

/** The size of the set: about 150 performers, 120 venues, 1,500 shows, 3,000 fans. */
export const DEMO_SIZE = { performers: 150, venues: 120, shows: 1500, fans: 3000 };
/**
 * Shows fall over the past 12 months and the next 6. A show moves up to 6 days to its venue's
 * next open night, and a postponed one later, so plans leave that much room at both ends.
 */
export const PAST_DAYS = 358;
export const FUTURE_DAYS = 176;
/** The tour planner's rooms and fans (planner-world.ts) come from seed + this. */
const PLANNER_SEED_OFFSET = 16;
/** The featured performer's show requests (show-requests.ts) come from seed + this. */
const REQUESTS_SEED_OFFSET = 17;
/** Fans' other places (fan-places.ts) come from seed + this. */
const PLACES_SEED_OFFSET = 18;

function people(random: Random, now: Date) {
  const taken: Taken = {
    names: new Set([FEATURED_PERFORMER.name, FEATURED_VENUE.name] as string[]),
    usernames: new Set(['demo_fan', 'demo_performer', 'demo_venue']),
  };
  const performers: DemoPerformer[] = [
    makePerformer(random, now, 0, taken, {
      ...FEATURED_PERFORMER,
      home: cityNamed('New York'),
    }),
  ];
  for (let i = 1; i < DEMO_SIZE.performers; i++)
    performers.push(makePerformer(random, now, i, taken));

  const featuredVenue = makeVenue(random, now, cityNamed('New York'), taken, FEATURED_VENUE);
  // Open every night, so its shows fall exactly on the days featured.ts gives them.
  featuredVenue.profile.operatingDays = [...DAYS_OF_WEEK];
  const venues: DemoVenue[] = [featuredVenue];
  // Every city gets a venue; the rest go where the scenes are bigger.
  for (const city of DEMO_CITIES) venues.push(makeVenue(random, now, city, taken));
  while (venues.length < DEMO_SIZE.venues) {
    venues.push(makeVenue(random, now, random.weighted(CITY_WEIGHTS), taken));
  }

  const fans: DemoFan[] = [makeFan(random, now, cityNamed('Brooklyn'), taken, FEATURED_FAN)];
  while (fans.length < DEMO_SIZE.fans) {
    fans.push(makeFan(random, now, random.weighted(CITY_WEIGHTS), taken));
  }
  return { performers, venues, fans, taken };
}

/** A venue or a performer plays one show a night. */
function bookings() {
  const booked = new Set<string>();
  return (show: GeneratedShow): boolean => {
    const date = show.startsAtLocal.slice(0, 10);
    const keys = [`p:${show.row.performerId}:${date}`];
    if (show.row.venueId) keys.push(`v:${show.row.venueId}:${date}`);
    if (keys.some((k) => booked.has(k))) return false;
    for (const k of keys) booked.add(k);
    return true;
  };
}

function randomPlan(
  random: Random,
  performer: DemoPerformer,
  venues: readonly DemoVenue[],
): ShowPlan {
  const days = random.chance(PAST_DAYS / (PAST_DAYS + FUTURE_DAYS))
    ? -random.int(1, PAST_DAYS)
    : random.int(1, FUTURE_DAYS);
  if (random.chance(0.1)) {
    return { performer, venue: null, externalCity: random.weighted(CITY_WEIGHTS), days };
  }
  // Half of a band's shows are in its home town; the rest is touring.
  const home = venues.filter((v) => v.profile.city === performer.home.city);
  const venue = home.length > 0 && random.chance(0.5) ? random.pick(home) : random.pick(venues);
  return { performer, venue, days };
}

/**
 * Builds the whole demo data set in memory, deterministically for a given seed and day. Every
 * profile, show, alert and setting passes the contract's schemas on the way (the generators
 * parse them), so the rows are what the forms and the API would have accepted.
 */
export function generateDemoData(options: {
  now: Date;
  seed: number;
  passwordHash: string;
}): DemoDataSet {
  const { now, seed, passwordHash } = options;
  const random = createRandom(seed);
  const { performers, venues, fans, taken } = people(random, now);
  const [P, fan] = [performers[0] as DemoPerformer, fans[0] as DemoFan];
  const cast = {
    performer: P,
    others: [12, 5, 7, 8].map((i) => performers[i]) as [
      DemoPerformer,
      DemoPerformer,
      DemoPerformer,
      DemoPerformer,
    ],
    venue: venues[0] as DemoVenue,
    ...splitVenues(venues, venues[0] as DemoVenue),
  };

  const book = bookings();
  const shows: GeneratedShow[] = [];
  const featuredMarks: Array<[GeneratedShow, 'going' | 'attended']> = [];
  for (const [plan, mark] of featuredPlans(cast)) {
    const show = makeShow(random, now, plan, performers);
    book(show);
    shows.push(show);
    if (mark) featuredMarks.push([show, mark]);
  }
  // The dashboards' story: the performer's tours, the venue's year, shows pending.
  // The demo performer plays only these shows, so its tours stay as drawn.
  const others = performers.slice(1);
  const far = (i: number) => cast.away[i % cast.away.length] as DemoVenue;
  for (const plan of performerTourPlans(P, far)) {
    const show = makeShow(random, now, plan, performers);
    book(show);
    shows.push(show);
  }
  const pending = { performer: P, venue: cast.venue, otherPerformer: cast.others[3] };
  for (const [plan, announcer] of pendingPlans({
    ...pending,
    nearbyVenue: cast.nearby[4] as DemoVenue,
  })) {
    const show = makeShow(random, now, plan, performers);
    leavePending(show, announcer);
    book(show);
    shows.push(show);
  }
  for (const plan of venueSeasonPlans(random, cast.venue, others)) {
    const show = makeShow(random, now, plan, performers);
    if (book(show)) shows.push(show);
  }
  while (shows.length < DEMO_SIZE.shows) {
    const show = makeShow(random, now, randomPlan(random, random.pick(others), venues), performers);
    if (book(show)) shows.push(show);
  }

  const byGenre = new Map<string, DemoPerformer[]>(
    GENRES.map((g) => [g, performers.filter((p) => p.profile.genres.includes(g))]),
  );
  const alerts = featuredAlerts(now, fan, [P, ...cast.others, performers[17] as DemoPerformer]);
  const attendance: AttendanceRow[] = featuredAttendance(now, fan, featuredMarks);
  const marks = new Map<string, number>();
  for (const [show] of featuredMarks) marks.set(show.row.id, 1);
  const fanSettings: FanSettingsRow[] = [
    { userId: fan.user.id, sms: true, updatedAt: addDays(fan.user.createdAt, 1) },
  ];
  for (const f of fans.slice(1)) {
    const own = fanAlerts(random, now, f, byGenre, performers);
    alerts.push(...own);
    const watched = new Set(own.map((a) => a.performerId));
    attendance.push(...fanAttendance(random, now, f, watched, shows, marks));
    const settings = fanSettingsRow(random, now, f);
    if (settings) fanSettings.push(settings);
  }
  alerts.push(...growingFollowers(random, now, P, fans.slice(1), alerts));
  const venueShows = shows.filter((s) => s.venue === cast.venue);
  const locals = localFans(cast.venue, fans.slice(1));
  attendance.push(...venueCrowd(random, now, venueShows, locals, attendance));

  const attended = new Map<string, number>();
  for (const a of attendance) {
    if (a.status === 'attended') attended.set(a.showId, (attended.get(a.showId) ?? 0) + 1);
  }
  for (const show of shows) {
    if (show.row.startsAt >= now) continue;
    if (show.row.confirmation !== 'confirmed') continue;
    const ours = show.row.performerId === P.user.id;
    const featured = show.venue === cast.venue || ours;
    const merch = ours || random.chance(0.35);
    const results = showResults(random, show, attended.get(show.row.id) ?? 0, featured, merch);
    if (!results) continue;
    Object.assign(show.row, results);
    const entered = show.row.startsAt.getTime() + random.int(12, 60) * HOUR_MS;
    show.row.updatedAt = new Date(Math.min(entered, now.getTime() - HOUR_MS));
  }

  // In the order they always drew from `random`: clicks, then pals, then the invite.
  const clicks = ticketClicks(
    random,
    now,
    shows.filter((s) => s.row.performerId === P.user.id || s.venue === cast.venue),
  );
  const palLinks = demoPalLinks(random, now, fan, fans.slice(1), attendance, fanSettings);
  const together = demoGoingInvites(
    random,
    now,
    fan,
    palLinks,
    attendance,
    fanSettings,
    shows.map((s) => s.row),
  );
  attendance.push(...together.attendance);
  // Added last from a stream of its own, so everything above is drawn as before.
  const planner = plannerWorld(createRandom(seed + PLANNER_SEED_OFFSET), now, {
    taken,
    performer: P,
    others,
    book,
  });
  venues.push(...planner.venues);
  fans.push(...planner.fans);
  alerts.push(...planner.alerts);
  shows.push(...planner.shows);
  const showRequests = demoShowRequests(
    createRandom(seed + REQUESTS_SEED_OFFSET),
    now,
    P,
    fans.slice(1),
  );
  const fanPlaces = demoFanPlaces(createRandom(seed + PLACES_SEED_OFFSET), now, fans);
  const everyone = [...performers, ...venues, ...fans];
  return {
    users: everyone.map((p) => p.user),
    // Every demo account has the same password, so one argon2id hash serves them all.
    accounts: everyone.map(({ user }) => ({
      id: random.id(),
      accountId: user.id,
      providerId: 'credential',
      userId: user.id,
      password: passwordHash,
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    })),
    performers: performers.map((p) => p.profile),
    venues: venues.map((v) => v.profile),
    fans: fans.map((f) => f.profile),
    fanSettings,
    shows: shows.map((s) => s.row),
    showEvents: shows.flatMap((s) => s.events),
    showActs: shows.flatMap((s) => s.acts),
    alerts,
    attendance,
    ticketClicks: clicks,
    palLinks,
    goingInvites: together.goingInvites,
    socialNotices: together.socialNotices,
    showRequests,
    fanPlaces,
  };
}
