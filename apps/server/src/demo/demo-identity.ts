/** What every demo account shares: unique names and usernames, fictional phones, the user row. */
import { type GENRES, type TRole, ZEmail, ZUsername } from '@encore/contract';
import { DEMO_CITIES, type DemoCity } from './cities.ts';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.ts';
import type { UserRow } from './demo-rows.ts';
import type { Random } from './prng.ts';

export type Genre = (typeof GENRES)[number];

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

export function uniqueName(make: () => string, taken: Taken): string {
  for (;;) {
    const name = make();
    if (!taken.names.has(name)) {
      taken.names.add(name);
      return name;
    }
  }
}
