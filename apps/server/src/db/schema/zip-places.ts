import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every US ZIP's city and state, copied from the bundled `zipcodes` package (the same table
 * domain/zip-location.ts reads) by db/zip-places.ts when migrations run, so that SQL can add a
 * rollup's ZIPs up per city and send three rows instead of forty thousand.
 */
export const zipPlaces = pgTable('zip_places', {
  zipCode: text('zip_code').primaryKey(),
  city: text('city').notNull(),
  state: text('state').notNull(),
});
