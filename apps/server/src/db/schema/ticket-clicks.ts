import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shows } from './shows.ts';

/**
 * Clicks on a show's 'Purchase Ticket(s)' link, counted through the /go/ticket/:showId redirect:
 * one per visitor per show per day (UTC), as ticket_click_visitors decides. Only the count is
 * kept here: no fan, no address, no agent.
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

/**
 * Who has already been counted on a show's link today (second security probe): the click that inserts its row
 * adds one to ticket_clicks, a repeat finds it and adds nothing, whichever API process serves it.
 * `visitor_key` is HMAC-SHA256 (a key derived from the server's secret) of the day and the visitor
 * (the signed-in user, else the client's address, an IPv6 one by its /64): neither an address nor
 * a user id, and a new value every day. Rows live until the end of the next UTC day: clicks delete
 * older ones (services/ticket-click.service.ts).
 */
export const ticketClickVisitors = pgTable(
  'ticket_click_visitors',
  {
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.showId, t.day, t.visitorKey] }),
    // The past days' rows, deleted a batch at a time by later clicks.
    index('ticket_click_visitors_day_idx').on(t.day),
  ],
);
