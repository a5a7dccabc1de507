import { AMENITIES, DAYS_OF_WEEK, type VENUE_TYPES, ZVenueProfileInput } from '@encore/contract';
import { locateZip } from '../domain/zip-location.ts';
import type { DemoCity } from './cities.ts';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.ts';
import {
  demoUser,
  fictionalPhone,
  slug,
  type Taken,
  uniqueName,
  uniqueUsername,
} from './demo-identity.ts';
import type { DemoVenue } from './demo-rows.ts';
import { addDays } from './demo-time.ts';
import { capitalise, withArticle } from './phrasing.ts';
import type { Random } from './prng.ts';
import * as W from './words.ts';

type VenueType = (typeof VENUE_TYPES)[number];

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

/** The type as a noun for the descriptions: 'outdoor' and 'other' are not things a venue is. */
const VENUE_KIND_NOUNS: Partial<Record<VenueType, string>> = {
  outdoor: 'outdoor stage',
  other: 'venue',
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
  const kindWord = VENUE_KIND_NOUNS[venueType] ?? venueType;
  const profile = ZVenueProfileInput.parse({
    venueName,
    description: random
      .pick(W.VENUE_DESCRIPTIONS)
      .replace(/\{city\}/g, city.city)
      .replace(/\{A kind\}/g, capitalise(withArticle(kindWord)))
      .replace(/\{kind\}/g, kindWord),
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
