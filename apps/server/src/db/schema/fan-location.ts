import { sql } from 'drizzle-orm';
import { check, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

const userId = () =>
  text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * The fan's last location from the location step (the spec's session location: latitude,
 * longitude, city, timestamp), resolved offline to the nearest US ZIP. It is not the home that
 * alerts match against (fan_profiles holds that); the fan may make it the home. `fallback` rows
 * hold the fixed New York location used when the browser gave no position.
 */
export const fanLocations = pgTable(
  'fan_locations',
  {
    userId: userId(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    source: text('source').$type<'device' | 'fallback'>().notNull(),
    locatedAt: timestamp('located_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fan_locations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('fan_locations_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('fan_locations_zip_code_check', sql`${t.zipCode} ~ '^\\d{5}$'`),
    check('fan_locations_source_check', sql`${t.source} in ('device', 'fallback')`),
  ],
);

/**
 * The one-time 'Finish setting up' card: offered when a fan completes setup (no row, no card, so
 * fans from before the card and the demo fans never see it), gone once the location step is done
 * (either button) or the fan dismisses it.
 */
export const fanFinishSetup = pgTable('fan_finish_setup', {
  userId: userId(),
  offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
  locationStepAt: timestamp('location_step_at', { withTimezone: true }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
});
