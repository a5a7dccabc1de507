import { GENRES, US_STATES } from '@encore/contract';
import type pg from 'pg';
import zipcodes from 'zipcodes';
import { createRandom, type Random } from '../src/demo/prng.ts';
import * as W from '../src/demo/words.ts';
import { timeZoneAt } from '../src/domain/time-zone-at.ts';

const ONSETS = ['b', 'br', 'c', 'ch', 'd', 'dr', 'f', 'g', 'gr', 'h', 'j', 'k', 'l', 'm', 'n'];
const MORE_ONSETS = ['p', 'pr', 'qu', 'r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'y', 'z', ''];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'y'];
const CODAS = ['', '', 'n', 'r', 'l', 's', 'x', 'th', 'nd', 'st', 'ck', 'm'];

/** A made-up word of 2–3 syllables ('Drealmon'): real catalogues are mostly words nobody else uses. */
function word(random: Random): string {
  const syllables = random.int(2, 3);
  let w = '';
  for (let i = 0; i < syllables; i++) {
    w += random.pick([...ONSETS, ...MORE_ONSETS]) + random.pick(VOWELS);
  }
  w += random.pick(CODAS);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** Band, solo and DJ names in the demo's styles, over a vocabulary large enough for 100k acts. */
export function artistName(random: Random): string {
  const adjective = () => (random.chance(0.5) ? random.pick(W.BAND_ADJECTIVES) : word(random));
  const noun = () => (random.chance(0.5) ? random.pick(W.BAND_NOUNS) : word(random));
  const person = () =>
    `${random.pick(W.FIRST_NAMES)} ${random.chance(0.3) ? random.pick(W.LAST_NAMES) : word(random)}`;
  switch (random.int(0, 6)) {
    case 0:
      return `The ${adjective()} ${noun()}`;
    case 1:
      return `${adjective()} ${noun()}`;
    case 2:
      return person();
    case 3:
      return `${person()} ${random.pick(['Trio', 'Quartet', 'Band', `& the ${noun()}`])}`;
    case 4:
      return `${random.pick(W.STAGE_PREFIXES)} ${word(random)}`;
    case 5:
      return word(random);
    default:
      return `${word(random)} ${word(random)}`;
  }
}

/**
 * Fills an empty database with `count` performers (users and profiles, one to three genres) and
 * their shows at real US ZIPs: 40% are on tour with one to five upcoming shows, a few cancelled,
 * and most have past shows. Seeded, so every run searches the same catalogue. Returns the names.
 */
export async function generateArtists(pool: pg.Pool, count: number): Promise<string[]> {
  const random = createRandom(0x5ea2c4);
  const states = new Set<string>(US_STATES);
  const zips = Object.values(zipcodes.codes).filter((z) => states.has(z.state));
  const names = Array.from({ length: count }, () => artistName(random));
  const genres = names.map(() => random.sample(GENRES, random.int(1, 3)));
  const ids = names.map((_, i) => `sa${i + 1}`);
  const BATCH = 10_000;
  for (let start = 0; start < count; start += BATCH) {
    const slice = <T>(a: T[]) => a.slice(start, start + BATCH);
    await pool.query(
      `insert into "user" (id, name, email, username, display_username, role, profile_complete)
       select id, name, id || '@bench.test', id, id, 'performer', true
       from unnest($1::text[], $2::text[]) as a(id, name)`,
      [slice(ids), slice(names)],
    );
    await pool.query(
      `insert into performer_profiles (user_id, artist_name, bio, genres, email, phone,
         years_active, avg_show_length, typical_venue_capacity, currently_touring)
       select id, name, '', string_to_array(g, '|'), id || '@bench.test', '(555) 555-0100', 5,
         '1 hour', '100-500', false
       from unnest($1::text[], $2::text[], $3::text[]) as a(id, name, g)`,
      [slice(ids), slice(names), slice(genres).map((g) => g.join('|'))],
    );
  }
  const shows: (string | number)[][] = [];
  const DAY = 86_400_000;
  ids.forEach((id, i) => {
    const upcoming = random.chance(0.4) ? random.int(1, 5) : 0;
    const past = random.int(0, 4);
    for (let n = 0; n < upcoming + past; n++) {
      const zip = random.pick(zips);
      const days = n < upcoming ? random.int(1, 180) : -random.int(1, 365);
      shows.push([
        id,
        zip.latitude,
        zip.longitude,
        new Date(Date.now() + days * DAY).toISOString(),
        timeZoneAt(zip.latitude, zip.longitude, zip.state, zip.zip),
        (genres[i] as string[])[0] as string,
        random.chance(0.04) ? 'cancelled' : 'announced',
        `The ${word(random)} Room`,
        zip.city,
        zip.state,
        zip.zip,
      ]);
    }
  });
  for (let start = 0; start < shows.length; start += BATCH) {
    const batch = shows.slice(start, start + BATCH);
    const column = (k: number) => batch.map((row) => row[k]);
    await pool.query(
      `insert into shows (performer_id, latitude, longitude, starts_at, time_zone, genre, status,
         external_name, external_street, external_city, external_state, external_zip, created_by)
       select p, lat, lon, t, tz, g, st, n, '1 Main Street', c, s, z, p
       from unnest($1::text[], $2::float8[], $3::float8[], $4::timestamptz[], $5::text[],
         $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
         as a(p, lat, lon, t, tz, g, st, n, c, s, z)`,
      Array.from({ length: 11 }, (_, k) => column(k)),
    );
  }
  // A catalogue that has been live a while: hint bits set, visibility map and statistics current.
  await pool.query('vacuum analyze');
  return names;
}
