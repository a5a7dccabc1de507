import { GENRES, NO_SOCIAL_LINKS, ZPerformerProfileInput } from '@encore/contract';
import type { DemoCity } from './cities.ts';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.ts';
import {
  CITY_WEIGHTS,
  demoUser,
  fictionalPhone,
  type Genre,
  slug,
  type Taken,
  uniqueName,
  uniqueUsername,
} from './demo-identity.ts';
import type { DemoPerformer } from './demo-rows.ts';
import { addDays } from './demo-time.ts';
import { genreWord, withArticle } from './phrasing.ts';
import type { Random } from './prng.ts';
import * as W from './words.ts';

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
      .replace(/\{a genre\}/g, withArticle(genreWord(genres[0] as Genre)))
      .replace(/\{genre\}/g, genreWord(genres[0] as Genre)),
    genres,
    email: seed.email ?? `${username}@${DEMO_EMAIL_DOMAIN}`,
    phone: fictionalPhone(home, random),
    bookingAgentEmail: random.chance(0.5) ? `booking@${site}.example.com` : '',
    bookingAgentPhone: random.chance(0.4) ? fictionalPhone(home, random) : '',
    // example.com links only: a made-up Spotify or Instagram link could reach a real account.
    websiteUrl: random.chance(0.7) ? `https://${site}.example.com` : '',
    ...NO_SOCIAL_LINKS,
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
