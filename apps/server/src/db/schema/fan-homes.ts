import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/** Postgres bytea as a Buffer (node-postgres' own reading of it). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The distinct favourite-genre lists fans have, numbered once: fan_homes counts fans per list by
 * this id, and the planner picks the ids whose genres meet the artist's. Written by migration
 * 0047's triggers when a fan profile brings a list not seen before; never deleted.
 */
export const fanGenreSets = pgTable('fan_genre_sets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  genres: text('genres').array().notNull().unique(),
});

/**
 * Fans counted per home point: the tour planner's demand without grouping a million
 * fan profiles per plan. One row per point for every fan (`followers_of` '') and one per point for
 * each performer's followers (`followers_of` the performer's id), with parallel arrays: how many
 * fans there have each (radius, genre list). Kept by migration 0047's statement triggers on
 * fan_profiles and artist_alerts (and a BEFORE DELETE on "user"), in the transaction of the
 * change; test/tour-planner/fan-homes.test.ts checks it against a count from scratch. `packed` is
 * the same counts as the planner reads them: 10 bytes an entry (radius int2, genre list int4,
 * fans int4, big-endian), one bytea a row, far cheaper to ship and decode than three arrays.
 */
export const fanHomes = pgTable(
  'fan_homes',
  {
    /** '' for every fan; else the performer whose followers these are. */
    followersOf: text('followers_of').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radii: smallint('radii').array().notNull(),
    genreSets: integer('genre_sets').array().notNull(),
    fans: integer('fans').array().notNull(),
    packed: bytea('packed')
      .notNull()
      .generatedAlwaysAs(sql`fan_homes_pack(radii, genre_sets, fans)`),
  },
  (t) => [primaryKey({ columns: [t.followersOf, t.latitude, t.longitude] })],
);
