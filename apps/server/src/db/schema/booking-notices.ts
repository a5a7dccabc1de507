import { BOOKING_NOTICE_KINDS, type TBookingNoticeKind } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { bookingRequests } from './tour-planning.ts';

/**
 * Booking request notices in the notification centre: to the venue when a performer asks for a
 * night or withdraws; to the performer when the venue holds, declines or confirms it. The texts
 * are composed from the request as it is now (names, night, note, show). A table of its own, not
 * show_notices: a request has no show until confirmed (docs/decisions/030-booking-notices.md).
 * Ids from alert_deliveries' sequence, as the other notices: one id order, cursor and read mark.
 */
export const bookingNotices = pgTable(
  'booking_notices',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('alert_deliveries_id_seq')`),
    /** The recipient: the request's venue or performer. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A deleted request takes its notices with it. */
    requestId: text('request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TBookingNoticeKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('booking_notices_kind_check', oneOf(t.kind, BOOKING_NOTICE_KINDS)),
    // The notification centre: a user's notices newest first, and the unread count.
    index('booking_notices_user_idx').on(t.userId, t.id),
    index('booking_notices_request_idx').on(t.requestId),
  ],
);
