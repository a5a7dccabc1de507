import { SHOW_REQUEST_STATUSES, type TShowRequestStatus } from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { createdAtColumn, userRef, uuidId } from './columns.ts';
import { shows } from './shows.ts';

/**
 * A fan's request for a show of an artist near a place (the fan's home ZIP when asked). The
 * place is kept on the row (ZIP, its city and state from zip_places, its point): the dashboard
 * counts requests per city and the matcher measures from the place asked for, even after the fan
 * moves. One open request per fan, artist and place; withdrawing deletes it. The artist's first
 * announcement within the fan's radius of the place alerts the fan and closes the request
 * (`closed`, with that show), in the matcher's own statement (repositories/alerts/match-requests.repo.ts).
 */
export const showRequests = pgTable(
  'show_requests',
  {
    id: uuidId(),
    fanId: userRef('fan_id'),
    performerId: userRef('performer_id'),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    status: text('status').$type<TShowRequestStatus>().notNull().default('open'),
    /** The show that answered it (closed); null while open, or when that show was deleted. */
    showId: text('show_id').references(() => shows.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('show_requests_status_check', oneOf(t.status, SHOW_REQUEST_STATUSES)),
    check('show_requests_self_check', sql`${t.fanId} <> ${t.performerId}`),
    check('show_requests_closed_check', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
    // One open request per fan, artist and place; closed ones stay as history.
    uniqueIndex('show_requests_open_key')
      .on(t.fanId, t.performerId, t.zipCode)
      .where(sql`${t.status} = 'open'`),
    // The fan's requests, closed ones too (the data export; the account's deletion).
    index('show_requests_fan_idx').on(t.fanId),
    // The artist's open requests: the matcher's "any?" probe, the dashboard's cities, the planner.
    index('show_requests_performer_open_idx')
      .on(t.performerId, t.city, t.state)
      .where(sql`${t.status} = 'open'`),
  ],
);
