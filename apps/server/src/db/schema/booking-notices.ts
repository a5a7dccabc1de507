import { BOOKING_NOTICE_KINDS, type TBookingNoticeKind } from '@encore/contract';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { noticeKey, noticeTimes } from './notice-columns.ts';
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
    // The recipient: the request's venue or performer.
    ...noticeKey(),
    /** A deleted request takes its notices with it. */
    requestId: text('request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TBookingNoticeKind>().notNull(),
    ...noticeTimes(),
  },
  (t) => [
    check('booking_notices_kind_check', oneOf(t.kind, BOOKING_NOTICE_KINDS)),
    // The notification centre: a user's notices newest first, and the unread count.
    index('booking_notices_user_idx').on(t.userId, t.id),
    index('booking_notices_request_idx').on(t.requestId),
  ],
);
