import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shows } from './shows.ts';

/**
 * Clicks on a show's 'Purchase Ticket(s)' link, counted through the /go/ticket/:showId redirect.
 * Only a count per show per day (UTC) is kept: no fan, no address, no agent.
 */
export const ticketClicks = pgTable(
  'ticket_clicks',
  {
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.showId, t.day] }),
    check('ticket_clicks_clicks_check', sql`${t.clicks} >= 0`),
  ],
);
