import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The places a fan keeps besides home (up to FAN_PLACES_MAX, counted by the service under the
 * fan's row lock): a ZIP or a city, resolved once to a point when saved (domain/near-place.ts),
 * each with its own radius, and for a trip its first and last day (the venue's calendar decides
 * whether a show falls inside). The matcher walks this table's GiST index beside fan_profiles'
 * (repositories/alerts/match-places.repo.ts, decision 049); most fans keep no row here.
 */
export const fanPlaces = pgTable(
  'fan_places',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    fanId: text('fan_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the fan typed, as the ZIP table names it: 'Austin, TX' or 'Austin, TX 78701'. */
    label: text('label').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** Null for a city (its point is the middle of its ZIPs). */
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radius: integer('radius').notNull(),
    tripStart: date('trip_start'),
    tripEnd: date('trip_end'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fan_places_radius_check', sql`${t.radius} between 10 and 100 and ${t.radius} % 5 = 0`),
    check('fan_places_zip_code_check', sql`${t.zipCode} ~ '^\\d{5}$'`),
    check(
      'fan_places_trip_check',
      sql`(${t.tripStart} is null) = (${t.tripEnd} is null) and ${t.tripEnd} >= ${t.tripStart}`,
    ),
    // The fan's places (settings, the export, the 5-place limit).
    index('fan_places_fan_idx').on(t.fanId, t.createdAt),
    // The matcher finds the places within reach of a venue with earth_box over this index.
    index('fan_places_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
  ],
);
