import { type AGE_RANGES, GENRES, ZFanProfileInput } from '@encore/contract';
import { locateZip } from '../domain/zip-location.ts';
import type { DemoCity } from './cities.ts';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.ts';
import {
  demoUser,
  fictionalPhone,
  type Genre,
  type Taken,
  uniqueUsername,
} from './demo-identity.ts';
import type { DemoFan } from './demo-rows.ts';
import { addDays } from './demo-time.ts';
import type { Random } from './prng.ts';
import * as W from './words.ts';

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
