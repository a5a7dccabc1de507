import type { Orm } from '../../src/db/client.ts';
import { fanProfile } from '../../src/db/schema/index.ts';

/**
 * A fan profile written straight into the table, for tests that only need a phone on the
 * profile (the profile API has its own tests).
 */
export async function insertFanProfile(orm: Orm, userId: string, phone: string) {
  await orm.insert(fanProfile).values({
    userId,
    tagName: 'Test fan',
    ageRange: '25-34',
    gender: 'prefer-not-to-say',
    email: `${userId}@example.com`,
    phone,
    homeCity: 'New York',
    zipCode: '10001',
    preferredRadius: 25,
    smsOptIn: true,
    favoriteGenres: ['Rock'],
    latitude: 40.75,
    longitude: -73.99,
  });
}
