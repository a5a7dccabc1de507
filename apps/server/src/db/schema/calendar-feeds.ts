import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A fan's private calendar subscription: whoever knows the token can read the fan's going-to
 * shows, so it is a long random secret, one per fan; replacing it makes the old URL stop working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  fanId: text('fan_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendar_feeds_token_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
