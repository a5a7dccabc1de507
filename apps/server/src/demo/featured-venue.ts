import type { AttendanceRow, DemoFan, DemoPerformer, DemoVenue } from './demo-rows.ts';
import { between, HOUR_MS } from './demo-time.ts';
import { later, milesBetween } from './generate-activity.ts';
import type { GeneratedShow, ShowPlan } from './generate-shows.ts';
import { seenByFans } from './pending-shows.ts';
import type { Random } from './prng.ts';

/**
 * What makes the demo venue's dashboard worth opening: a show every three to five
 * nights over the past year and every week or so for the next four months, by performers of every
 * genre, and a crowd of fans from around the city marked going or attended on each, so the
 * genre table, the monthly trend and the audience's ages, genders and top ZIPs are all filled
 * for 30, 90 and 365 days. The venue enters the results of every show it held (generate.ts).
 */
export function venueSeasonPlans(
  random: Random,
  venue: DemoVenue,
  performers: readonly DemoPerformer[],
): ShowPlan[] {
  const plans: ShowPlan[] = [];
  for (let days = -356; days < -1; days += random.int(3, 5)) {
    plans.push({ performer: random.pick(performers), venue, days });
  }
  for (let days = 4; days < 120; days += random.int(6, 10)) {
    plans.push({ performer: random.pick(performers), venue, days });
  }
  return plans;
}

/** Fans living close enough to go: within their own radius of the venue. */
export function localFans(venue: DemoVenue, fans: readonly DemoFan[]): DemoFan[] {
  return fans.filter((f) => milesBetween(f.profile, venue.profile) <= f.profile.preferredRadius);
}

/**
 * Marks from local fans on each of the venue's shows, fans of the show's genre first: past shows
 * mostly 'attended' (a few 'going' never confirmed), upcoming ones 'going'; none on a show no fan
 * can see yet (pending). A fan who already marked a show (generate-activity.ts) is not marked twice.
 */
export function venueCrowd(
  random: Random,
  now: Date,
  shows: readonly GeneratedShow[],
  locals: readonly DemoFan[],
  existing: readonly AttendanceRow[],
): AttendanceRow[] {
  const marked = new Set(existing.map((a) => `${a.fanId}|${a.showId}`));
  const rows: AttendanceRow[] = [];
  for (const show of shows) {
    if (show.row.status === 'cancelled' || !seenByFans(show)) continue;
    const past = show.row.startsAt < now;
    const genre = show.row.genre as string;
    const fitting = locals.filter((f) => (f.profile.favoriteGenres as string[]).includes(genre));
    const crowd = random.sample(fitting.length >= 40 ? fitting : locals, random.int(12, 35));
    for (const fan of crowd) {
      if (marked.has(`${fan.user.id}|${show.row.id}`)) continue;
      const from = later(show.row.createdAt, fan.user.createdAt);
      const unconfirmed = past && random.chance(0.1);
      const status = past && !unconfirmed ? 'attended' : 'going';
      const [after, until] =
        status === 'attended'
          ? [show.row.startsAt, new Date(now.getTime() - HOUR_MS)]
          : [from, past ? show.row.startsAt : new Date(now.getTime() - HOUR_MS)];
      rows.push({
        fanId: fan.user.id,
        showId: show.row.id,
        status,
        updatedAt: between(after, until, random.next()),
      });
    }
  }
  return rows;
}
