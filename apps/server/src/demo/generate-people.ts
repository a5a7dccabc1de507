import {
  type AGE_RANGES,
  AMENITIES,
  DAYS_OF_WEEK,
  GENRES,
  type TRole,
  type VENUE_TYPES,
  ZEmail,
  ZFanProfileInput,
  ZPerformerProfileInput,
  ZUsername,
  ZVenueProfileInput,
} from '@encore/contract';
import { locateZip } from '../services/zip-location.ts';
import { DEMO_CITIES, type DemoCity } from './cities.ts';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.ts';
import type { DemoFan, DemoPerformer, DemoVenue, UserRow } from './demo-rows.ts';
import { addDays } from './demo-time.ts';
import type { Random } from './prng.ts';
import * as W from './words.ts';

type Genre = (typeof GENRES)[number];
type VenueType = (typeof VENUE_TYPES)[number];

/** Names and usernames already given out: every demo name is unique. */
export type Taken = { names: Set<string>; usernames: Set<string> };

export const CITY_WEIGHTS = DEMO_CITIES.map((c) => [c, c.weight] as const);

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** A username the sign-up form would accept, unique among the demo's. */
export function uniqueUsername(base: string, taken: Taken, random: Random): string {
  let name = slug(base).slice(0, 16).replace(/_+$/, '') || 'encore';
  if (name.length < 3) name = `${name}_fan`;
  while (taken.usernames.has(name)) name = `${slug(base).slice(0, 15)}${random.int(10, 9999)}`;
  taken.usernames.add(name);
  return ZUsername.parse(name);
}

/** 555-0100 to 555-0199 are reserved for fiction: no demo number rings a real phone. */
export const fictionalPhone = (city: DemoCity, random: Random) =>
  `(${city.areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;

export function demoUser(
  random: Random,
  role: TRole,
  username: string,
  createdAt: Date,
  email = `${username}@${DEMO_EMAIL_DOMAIN}`,
): UserRow {
  return {
    id: random.id(),
    // Sign-up stores the username as the name, lowercased as `username`, as typed for display.
    name: username,
    username: username.toLowerCase(),
    displayUsername: username,
    email: ZEmail.parse(email),
    // `.test` addresses cannot receive the verification mail, so the demo accounts are shown as
    // verified rather than nagging about a link that can never arrive.
    emailVerified: true,
    role,
    profileComplete: true,
    createdAt,
    updatedAt: createdAt,
  };
}

function bandName(genre: Genre, random: Random): string {
  const person = () => `${random.pick(W.FIRST_NAMES)} ${random.pick(W.LAST_NAMES)}`;
  switch (genre) {
    case 'Hip-Hop':
    case 'EDM':
    case 'R&B':
    case 'Pop':
      return random.chance(0.5)
        ? `${random.pick(W.STAGE_PREFIXES)} ${random.pick(W.STAGE_WORDS)}`
        : random.chance(0.5)
          ? person()
          : random.pick(W.STAGE_WORDS);
    case 'Jazz':
      return `${person()} ${random.pick(['Trio', 'Quartet', 'Quintet', 'Band'])}`;
    case 'Classical':
      return `${random.pick(W.BAND_ADJECTIVES)} ${random.pick(['String Quartet', 'Chamber Ensemble', 'Piano Trio'])}`;
    case 'Country':
      return `${person()} & the ${random.pick(W.BAND_NOUNS)}`;
    default:
      return `${random.chance(0.5) ? 'The ' : ''}${random.pick(W.BAND_ADJECTIVES)} ${random.pick(W.BAND_NOUNS)}`;
  }
}

function uniqueName(make: () => string, taken: Taken): string {
  for (;;) {
    const name = make();
    if (!taken.names.has(name)) {
      taken.names.add(name);
      return name;
    }
  }
}

export type PerformerSeed = {
  name?: string;
  username?: string;
  email?: string;
  genres?: Genre[];
  home?: DemoCity;
};

export function makePerformer(
  random: Random,
  now: Date,
  index: number,
  taken: Taken,
  seed: PerformerSeed = {},
): DemoPerformer {
  const primary = GENRES[index % GENRES.length] as Genre;
  const genres = seed.genres ?? [
    primary,
    ...random.sample(
      GENRES.filter((g) => g !== primary),
      random.int(0, 2),
    ),
  ];
  const artistName = seed.name ?? uniqueName(() => bandName(primary, random), taken);
  const username = seed.username ?? uniqueUsername(artistName, taken, random);
  const home = seed.home ?? random.weighted(CITY_WEIGHTS);
  const site = slug(artistName).replace(/_/g, '');
  const profile = ZPerformerProfileInput.parse({
    artistName,
    bio: `${random.pick(W.BIO_OPENINGS)}${random.pick(W.BIO_ENDINGS)}`
      .replace(/\{name\}/g, artistName)
      .replace(/\{city\}/g, home.city)
      .replace(/\{genre\}/g, (genres[0] as string).toLowerCase()),
    genres,
    email: seed.email ?? `${username}@${DEMO_EMAIL_DOMAIN}`,
    phone: fictionalPhone(home, random),
    bookingAgentEmail: random.chance(0.5) ? `booking@${site}.example.com` : '',
    bookingAgentPhone: random.chance(0.4) ? fictionalPhone(home, random) : '',
    // example.com links only: a made-up Spotify or Instagram link could reach a real account.
    websiteUrl: random.chance(0.7) ? `https://${site}.example.com` : '',
    spotifyUrl: '',
    instagramHandle: '',
    facebookPage: '',
    twitterHandle: '',
    tiktokHandle: '',
    youtubeChannel: '',
    yearsActive: random.int(1, 25),
    avgShowLength: random.weighted([
      ['45 min', 2],
      ['1 hour', 4],
      ['1.5 hours', 4],
      ['2 hours', 2],
      ['2+ hours', 1],
    ] as const),
    typicalVenueCapacity: random.weighted([
      ['< 100', 2],
      ['100-500', 5],
      ['500-1000', 3],
      ['1000-5000', 2],
      ['5000+', 1],
    ] as const),
    currentlyTouring: random.chance(0.45),
  });
  const createdAt = addDays(now, -random.int(540, 720));
  const user = demoUser(random, 'performer', username, createdAt, seed.email);
  return { user, profile: { ...profile, userId: user.id, createdAt, updatedAt: createdAt }, home };
}

const CAPACITY: Record<VenueType, [number, number]> = {
  club: [150, 900],
  theater: [500, 3000],
  arena: [8000, 20_000],
  stadium: [30_000, 70_000],
  bar: [50, 250],
  restaurant: [40, 150],
  outdoor: [1000, 15_000],
  other: [80, 600],
};

export type VenueSeed = {
  name?: string;
  username?: string;
  email?: string;
  zip?: string;
  type?: VenueType;
  capacity?: number;
};

export function makeVenue(
  random: Random,
  now: Date,
  city: DemoCity,
  taken: Taken,
  seed: VenueSeed = {},
): DemoVenue {
  const venueType =
    seed.type ??
    random.weighted<VenueType>([
      ['club', 30],
      ['bar', 22],
      ['theater', 15],
      ['restaurant', 8],
      ['outdoor', 8],
      ['other', 8],
      ['arena', 5],
      ['stadium', 1],
    ]);
  const kindWords = W.VENUE_KIND_WORDS[venueType] ?? ['Hall'];
  const venueName =
    seed.name ?? uniqueName(() => `${random.pick(W.VENUE_FIRST)} ${random.pick(kindWords)}`, taken);
  const username = seed.username ?? uniqueUsername(venueName.replace(/^The /, ''), taken, random);
  const [low, high] = CAPACITY[venueType];
  const site = slug(venueName).replace(/_/g, '');
  const zipCode = seed.zip ?? random.pick(city.zips);
  const profile = ZVenueProfileInput.parse({
    venueName,
    description: random
      .pick(W.VENUE_DESCRIPTIONS)
      .replace(/\{city\}/g, city.city)
      .replace(/\{kind\}/g, venueType === 'other' ? 'venue' : venueType),
    streetAddress: `${random.int(10, 2999)} ${random.pick(W.STREETS)}`,
    city: city.city,
    state: city.state,
    zipCode,
    phone: fictionalPhone(city, random),
    email: seed.email ?? `${username}@${DEMO_EMAIL_DOMAIN}`,
    maxCapacity: seed.capacity ?? Math.round(random.int(low, high) / 10) * 10,
    venueType,
    websiteUrl: random.chance(0.8) ? `https://${site}.example.com` : '',
    ageRestriction: random.weighted([
      ['all-ages', 4],
      ['18+', 3],
      ['21+', 3],
    ] as const),
    bookingContactName: `${random.pick(W.FIRST_NAMES)} ${random.pick(W.LAST_NAMES)}`,
    bookingEmail: `booking@${site}.example.com`,
    bookingPhone: fictionalPhone(city, random),
    bookingLeadTime: random.pick(['2 weeks', '1 month', '2 months', '3+ months'] as const),
    typicalShowTime: random.pick(['19:00', '19:30', '20:00', '20:00', '21:00']),
    // Most rooms open Wednesday or Thursday to Sunday; some every night.
    operatingDays: random.chance(0.3) ? [...DAYS_OF_WEEK] : DAYS_OF_WEEK.slice(random.int(1, 4)),
    amenities: AMENITIES.filter((a) => a === 'Stage' || a === 'Sound System' || random.chance(0.5)),
  });
  const createdAt = addDays(now, -random.int(540, 720));
  const user = demoUser(random, 'venue', username, createdAt, seed.email);
  const location = locateZip(profile.zipCode);
  return {
    user,
    profile: { ...profile, ...location, userId: user.id, createdAt, updatedAt: createdAt },
  };
}

export type FanSeed = {
  tagName?: string;
  username?: string;
  email?: string;
  zip?: string;
  radius?: number;
  genres?: Genre[];
  smsOptIn?: boolean;
};

export function makeFan(
  random: Random,
  now: Date,
  city: DemoCity,
  taken: Taken,
  seed: FanSeed = {},
): DemoFan {
  const first = random.pick(W.FIRST_NAMES);
  const last = random.pick(W.LAST_NAMES);
  const username = seed.username ?? uniqueUsername(`${first}_${last}`, taken, random);
  const profile = ZFanProfileInput.parse({
    tagName: seed.tagName ?? (random.chance(0.6) ? `${first} ${last}` : `${first} ${last[0]}.`),
    ageRange: random.weighted<(typeof AGE_RANGES)[number]>([
      ['13-17', 3],
      ['18-24', 25],
      ['25-34', 35],
      ['35-44', 20],
      ['45-54', 10],
      ['55-64', 5],
      ['65+', 2],
    ]),
    gender: random.weighted([
      ['female', 47],
      ['male', 45],
      ['other', 4],
      ['prefer-not-to-say', 4],
    ] as const),
    email: seed.email ?? `${username}@${DEMO_EMAIL_DOMAIN}`,
    phone: fictionalPhone(city, random),
    homeCity: city.city,
    zipCode: seed.zip ?? random.pick(city.zips),
    preferredRadius:
      seed.radius ??
      random.weighted([
        [10, 2],
        [15, 2],
        [25, 6],
        [30, 2],
        [50, 4],
        [75, 1],
        [100, 1],
      ] as const),
    smsOptIn: seed.smsOptIn ?? random.chance(0.3),
    favoriteGenres:
      seed.genres ??
      random.sample(
        GENRES,
        random.weighted([
          [1, 2],
          [2, 4],
          [3, 3],
          [4, 2],
        ] as const),
      ),
  });
  const createdAt = addDays(now, -random.int(400, 540));
  const user = demoUser(random, 'fan', username, createdAt, seed.email);
  const location = locateZip(profile.zipCode);
  return {
    user,
    profile: { ...profile, ...location, userId: user.id, createdAt, updatedAt: createdAt },
  };
}
