import { DAYS_OF_WEEK } from '@encore/contract';
import { DEMO_CITIES, type DemoCity } from './cities.ts';
import type { Genre, Taken } from './demo-identity.ts';
import type { AlertRow, DemoFan, DemoPerformer, DemoVenue } from './demo-rows.ts';
import { addDays, HOUR_MS } from './demo-time.ts';
import { alertChannels, showResults } from './generate-activity.ts';
import { makeFan } from './generate-fans.ts';
import { type GeneratedShow, makeShow } from './generate-shows.ts';
import { makeVenue } from './generate-venues.ts';
import type { Random } from './prng.ts';

/**
 * The tour planner's demo: the demo performer asks for "10 dates in the Northeast in
 * March, 500-1000 capacity, max 300 miles a day" and must get ten real Encore venues. The main
 * set has too few Northeast rooms of that size, and none in several of the region's touring
 * cities, so this adds mid-size rooms across the Northeast, each with past Indie, Alternative
 * and Rock shows with results (the planner's candidates and its calibration), open at least four
 * nights a week, and local fans of those genres in the cities the main set leaves empty, some
 * following the demo performer (its demand). It draws from its own random stream after the rest,
 * so the other accounts' data, and the dashboards' story, stay exactly as they were.
 */

export const PLANNER_GENRES: readonly Genre[] = ['Indie', 'Alternative', 'Rock'];
/** Region and band the demo's prompt asks for. */
export const NORTHEAST_STATES = ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'] as const;
export const PLANNER_CAPACITY = { min: 500, max: 1000 } as const;

/** Northeast touring cities the main set has no venue or fan in (ZIPs checked by the demo test). */
export const PLANNER_CITIES: readonly DemoCity[] = [
  { city: 'Hartford', state: 'CT', areaCode: '860', weight: 1, zips: ['06103', '06106'] },
  { city: 'New Haven', state: 'CT', areaCode: '203', weight: 1, zips: ['06510', '06511'] },
  { city: 'Albany', state: 'NY', areaCode: '518', weight: 1, zips: ['12207', '12210'] },
  { city: 'Buffalo', state: 'NY', areaCode: '716', weight: 1, zips: ['14201', '14202'] },
  { city: 'Syracuse', state: 'NY', areaCode: '315', weight: 1, zips: ['13202', '13203'] },
  { city: 'Portland', state: 'ME', areaCode: '207', weight: 1, zips: ['04101', '04102'] },
  { city: 'Burlington', state: 'VT', areaCode: '802', weight: 1, zips: ['05401'] },
  { city: 'Worcester', state: 'MA', areaCode: '508', weight: 1, zips: ['01608', '01609'] },
  { city: 'Portsmouth', state: 'NH', areaCode: '603', weight: 1, zips: ['03801'] },
];

const known = (name: string, state: string) =>
  DEMO_CITIES.find((c) => c.city === name && c.state === state) as DemoCity;

/** One room per city, two where the scene is big: 20 rooms over 17 cities. */
const ROOM_CITIES: readonly DemoCity[] = [
  // None in Manhattan: the demo venue is the performer's room there (one venue per city first).
  known('Hoboken', 'NJ'),
  known('Brooklyn', 'NY'),
  known('Brooklyn', 'NY'),
  known('Boston', 'MA'),
  known('Boston', 'MA'),
  known('Providence', 'RI'),
  known('Philadelphia', 'PA'),
  known('Philadelphia', 'PA'),
  known('Pittsburgh', 'PA'),
  known('Newark', 'NJ'),
  known('Jersey City', 'NJ'),
  ...PLANNER_CITIES,
];

/**
 * The added rooms are smaller than the band's top (and mostly than the demo venue's 650), so
 * the demo venue, the performer's home-town room with a year of results, stays among the ten
 * best-grossing cities the planner ranks (checked over many days by the demo test).
 */
const ROOM_CAPACITY = { min: 500, max: 700 } as const;

export const PLANNER_SIZE = { venues: ROOM_CITIES.length, fansPerCity: 24 } as const;
/** Past shows per room, with results; at least one is enough to be a candidate. */
const PAST_SHOWS: [number, number] = [4, 7];
/** A share of the new local fans follow the demo performer. */
const FOLLOW_SHARE = 0.35;

function plannerVenues(random: Random, now: Date, taken: Taken): DemoVenue[] {
  return ROOM_CITIES.map((city) => {
    const capacity = random.int(ROOM_CAPACITY.min / 10, ROOM_CAPACITY.max / 10) * 10;
    const venue = makeVenue(random, now, city, taken, {
      type: capacity >= 650 ? 'theater' : 'club',
      capacity,
    });
    // Four to seven nights a week (Thursday to Sunday at least), so March has open nights.
    venue.profile.operatingDays = DAYS_OF_WEEK.slice(random.int(0, 3));
    return venue;
  });
}

function localGenreFans(random: Random, now: Date, taken: Taken): DemoFan[] {
  const fans: DemoFan[] = [];
  for (const city of PLANNER_CITIES) {
    for (let i = 0; i < PLANNER_SIZE.fansPerCity; i++) {
      const genres = random.sample(PLANNER_GENRES, random.int(1, 3));
      fans.push(makeFan(random, now, city, taken, { genres: [...genres] }));
    }
  }
  return fans;
}

/** Follows dated as growingFollowers dates them (denser towards today), so the trend holds. */
function follows(random: Random, now: Date, performer: DemoPerformer, fans: DemoFan[]) {
  const rows: AlertRow[] = [];
  for (const fan of fans) {
    if (!random.chance(FOLLOW_SHARE)) continue;
    const ageDays = Math.max(0.1, 365 * (1 - Math.sqrt(random.next())));
    rows.push({
      fanId: fan.user.id,
      performerId: performer.user.id,
      channels: alertChannels(random, fan),
      createdAt: addDays(now, -ageDays),
    });
  }
  return rows;
}

function pastGenreShows(
  random: Random,
  now: Date,
  venues: readonly DemoVenue[],
  performers: readonly DemoPerformer[],
  book: (show: GeneratedShow) => boolean,
): GeneratedShow[] {
  // makeShow files a show under its performer's first genre.
  const fitting = performers.filter((p) => PLANNER_GENRES.includes(p.profile.genres[0] as Genre));
  const shows: GeneratedShow[] = [];
  for (const venue of venues) {
    const count = random.int(...PAST_SHOWS);
    for (let i = 0; i < count; i++) {
      const plan = { performer: random.pick(fitting), venue, days: -random.int(20, 330) };
      const show = makeShow(random, now, { ...plan, firm: true }, performers);
      if (!book(show)) continue;
      const results = showResults(random, show, 0, true, random.chance(0.35));
      Object.assign(show.row, results);
      const entered = show.row.startsAt.getTime() + random.int(12, 60) * HOUR_MS;
      show.row.updatedAt = new Date(Math.min(entered, now.getTime() - HOUR_MS));
      shows.push(show);
    }
  }
  return shows;
}

export function plannerWorld(
  random: Random,
  now: Date,
  context: {
    taken: Taken;
    performer: DemoPerformer;
    /** Everyone but the demo performer, whose shows are its tours only. */
    others: readonly DemoPerformer[];
    book: (show: GeneratedShow) => boolean;
  },
) {
  const venues = plannerVenues(random, now, context.taken);
  const fans = localGenreFans(random, now, context.taken);
  const alerts = follows(random, now, context.performer, fans);
  const shows = pastGenreShows(random, now, venues, context.others, context.book);
  return { venues, fans, alerts, shows };
}
