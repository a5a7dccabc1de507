import { type TShowStatus, ZShowInput } from '@encore/contract';
import { confirmationAtAnnounce } from '../domain/show-confirmation.ts';
import { showRowFrom } from '../domain/show-row.ts';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { locateZip } from '../domain/zip-location.ts';
import type { CapturedFacts } from '../repositories/alert-facts.repo.ts';
import type { DemoCity } from './cities.ts';
import { slug } from './demo-identity.ts';
import type { DemoPerformer, DemoVenue, ShowActRow, ShowEventRow, ShowRow } from './demo-rows.ts';
import {
  addDays,
  between,
  DAY_MS,
  HOUR_MS,
  localDate,
  showStart,
  zonedInstant,
} from './demo-time.ts';
import type { Random } from './prng.ts';
import { STREETS, VENUE_FIRST } from './words.ts';

/** What a show is made from: who plays where, how many days from now (never 0). */
export type ShowPlan = {
  performer: DemoPerformer;
  venue: DemoVenue | null;
  /** For a show at a venue that is not on Encore. */
  externalCity?: DemoCity;
  days: number;
  /** Never cancelled or postponed: the featured accounts' story depends on these shows. */
  firm?: boolean;
  /** Announced this many days ago (else 3 weeks to 4 months before the show, before today). */
  announcedDaysAgo?: number;
};

export type GeneratedShow = {
  row: ShowRow;
  events: ShowEventRow[];
  /** The bill's support acts: demo artists who confirmed their slot. */
  acts: ShowActRow[];
  cancelledAt: Date | null;
  /** How many people fit: an Encore venue's capacity, a guess for an outside one. */
  capacity: number;
  venue: DemoVenue | null;
  /** The venue's local 'YYYY-MM-DDTHH:MM' of `row.startsAt`. */
  startsAtLocal: string;
};

/** How far back the demo's events reach the notification centre (see makeShow's events). */
export const RECENT_EVENT_DAYS = 14;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Moves a show to the venue's next open night, away from today, so it never lands on day 0. */
function openNight(now: Date, days: number, venue: DemoVenue | null, timeZone: string): number {
  if (!venue) return days;
  const open = venue.profile.operatingDays as readonly string[];
  let d = days;
  for (let i = 0; i < 7; i++) {
    const date = localDate(now, d, timeZone);
    if (open.includes(WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] as string)) return d;
    d += d > 0 ? 1 : -1;
  }
  return days;
}

function externalVenue(city: DemoCity, random: Random) {
  return {
    name: `${random.pick(VENUE_FIRST)} ${random.pick(['Hall', 'Ballroom', 'Lounge', 'Brewery'])}`,
    streetAddress: `${random.int(10, 2999)} ${random.pick(STREETS)}`,
    city: city.city,
    state: city.state,
    zipCode: random.pick(city.zips),
  };
}

function prices(random: Random, capacity: number) {
  if (random.chance(0.12)) return { priceMin: null, priceMax: null };
  const big = capacity >= 5000;
  const priceMin = big ? random.int(7, 18) * 5 : random.int(2, 9) * 5;
  return { priceMin, priceMax: priceMin + random.pick([0, 5, 10, 15, 20, 30]) };
}

/**
 * One show as its performer (or venue) would have announced it, then lived through: put on
 * sale, and for a few cancelled or postponed. The announce payload passes ZShowInput, the same
 * schema as POST /api/shows; only "in the future" cannot hold for past shows.
 */
export function makeShow(
  random: Random,
  now: Date,
  plan: ShowPlan,
  others: readonly DemoPerformer[],
): GeneratedShow {
  const { performer, venue } = plan;
  const external = venue ? null : externalVenue(plan.externalCity as DemoCity, random);
  const state = venue?.profile.state ?? (external?.state as string);
  const place = venue ? venue.profile : locateZip(external?.zipCode as string);
  const zipCode = venue?.profile.zipCode ?? external?.zipCode;
  const timeZone = timeZoneAt(place.latitude, place.longitude, state, zipCode);
  const capacity = venue?.profile.maxCapacity ?? 300;
  const days = openNight(now, plan.days, venue, timeZone);
  const time = venue?.profile.typicalShowTime ?? '20:00';
  const start = showStart(now, days, time, timeZone);

  // Announced 3 weeks to 4 months ahead, and in any case before today.
  const hours = random.int(9, 17) * HOUR_MS;
  let announcedAt = new Date(addDays(start.instant, -random.int(21, 120)).getTime() + hours);
  if (announcedAt > now) announcedAt = addDays(now, -random.int(2, 40));
  if (plan.announcedDaysAgo !== undefined) announcedAt = addDays(now, -plan.announcedDaysAgo);
  if (announcedAt >= start.instant) announcedAt = addDays(start.instant, -3);

  const name = performer.profile.artistName;
  const city = venue?.profile.city ?? (external?.city as string);
  const ticketUrl = random.chance(0.9)
    ? `https://tickets.example.com/${slug(name)}-${slug(city)}-${start.local.slice(0, 10)}`.replace(
        /_/g,
        '-',
      )
    : null;
  // Tickets go on sale at 10:00 local a few days after the announcement, before the show.
  let onSaleLocal: string | null = null;
  if (ticketUrl) {
    const latest = Math.min(
      announcedAt.getTime() + random.int(1, 14) * DAY_MS,
      start.instant.getTime() - DAY_MS,
    );
    const daysFromNow = Math.floor((latest - now.getTime()) / DAY_MS);
    onSaleLocal = `${localDate(now, daysFromNow, timeZone)}T10:00`;
  }
  const onSaleAt = onSaleLocal ? zonedInstant(onSaleLocal, timeZone) : null;
  const supportingActs = random.sample(
    others.filter((p) => p !== performer),
    random.weighted([
      [0, 5],
      [1, 4],
      [2, 1],
    ] as const),
  );
  const genre = performer.profile.genres[0] as string;
  const input = ZShowInput.parse({
    performerId: performer.user.id,
    venueId: venue?.user.id ?? null,
    externalVenue: external,
    startsAtLocal: start.local,
    ticketUrl,
    ...prices(random, capacity),
    onSaleAtLocal: onSaleLocal,
    supportingActs: supportingActs.map((p) => ({ performerId: p.user.id })),
    genre,
  });

  const createdBy = venue && random.chance(0.3) ? venue.user.id : performer.user.id;
  const id = random.uuid();
  const events: ShowEventRow[] = [];
  // Every event is dated when it happened, all before now. Older ones count as matched then; those
  // of the last RECENT_EVENT_DAYS are left for the loader to match as history (in-app alerts only),
  // so the notification centre starts with the alerts fans would have had lately.
  const recentFrom = now.getTime() - RECENT_EVENT_DAYS * DAY_MS;
  const event = (kind: ShowEventRow['kind'], at: Date, payload: Record<string, unknown>) =>
    events.push({
      id: random.uuid(),
      showId: id,
      kind,
      payload,
      createdAt: at,
      matchedAt: at.getTime() >= recentFrom ? null : at,
    });
  // What each event keeps of the show as its change left it (show.repo.ts' writeEvents does the
  // same for real changes): the demo's alerts then read as they were sent, whatever came later.
  const facts = (startsAt: Date): CapturedFacts => ({
    artist: name,
    venue: venue?.profile.venueName ?? (external?.name as string),
    city,
    state,
    startsAt: startsAt.toISOString(),
    timeZone,
  });
  event('announced', announcedAt, {
    startsAt: start.instant.toISOString(),
    facts: facts(start.instant),
  });
  let status: TShowStatus = 'announced';
  // A show whose sale has started is on sale: the workers' on-sale release would otherwise put
  // the rest on sale at the first start, alerting demo fans of sales long begun. The draw that
  // once left one in ten 'announced' is still made, so every later draw (the demo) is unchanged.
  if (onSaleAt && onSaleAt <= now) {
    random.chance(0.9);
    status = 'on_sale';
    event('on_sale', onSaleAt, { ticketUrl, facts: facts(start.instant) });
  }
  let startsAt = start.instant;
  let startsAtLocal = start.local;
  let cancelledAt: Date | null = null;
  const lastChange = new Date(Math.min(now.getTime() - HOUR_MS, start.instant.getTime()));
  const sinceAnnounced = () => between(announcedAt, lastChange, random.next());
  if (!plan.firm && random.chance(days > 0 ? 0.05 : 0.04)) {
    status = 'cancelled';
    cancelledAt = sinceAnnounced();
    event('cancelled', cancelledAt, {
      startsAt: start.instant.toISOString(),
      facts: facts(start.instant),
    });
  } else if (!plan.firm && days > 0 && random.chance(0.04)) {
    status = 'postponed';
    // Moved by two to four weeks when that stays within the next six months, else "date TBA".
    const later = days + random.int(14, 28);
    const moved = later <= 182 && random.chance(0.6);
    if (moved) {
      const next = showStart(now, later, time, timeZone);
      [startsAt, startsAtLocal] = [next.instant, next.local];
    }
    event('postponed', sinceAnnounced(), {
      oldStartsAt: start.instant.toISOString(),
      newStartsAt: moved ? startsAt.toISOString() : null,
      facts: facts(startsAt),
    });
  }

  const updatedAt = events.reduce(
    (t, e) => ((e.createdAt as Date) > t ? (e.createdAt as Date) : t),
    announcedAt,
  );
  return {
    row: {
      id,
      ...showRowFrom(input, { place, timeZone, startsAt, onSaleAt, genre }),
      status,
      createdBy,
      // Agreed by both parties (the other one confirmed it): public and announced to fans.
      ...confirmationAtAnnounce(createdBy, input),
      confirmation: 'confirmed',
      createdAt: announcedAt,
      updatedAt,
    },
    events,
    acts: supportingActs.map((p, position) => ({
      showId: id,
      position,
      performerId: p.user.id,
      name: p.profile.artistName,
      confirmation: 'confirmed' as const,
      createdAt: announcedAt,
    })),
    cancelledAt,
    capacity,
    venue,
    startsAtLocal,
  };
}
