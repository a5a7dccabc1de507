import { SHOW_NOTICE_KINDS, type TShowNoticeKind } from '@encore/contract';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { noticeKey, noticeTimes } from './notice-columns.ts';
import { shows } from './shows.ts';

/**
 * Notices to a show's performer or venue (not fan alerts): a show naming them waits for their
 * confirmation; their show was confirmed or declined. The notification centre lists them with the
 * in-app alerts, so their ids come from alert_deliveries' own sequence: one id order across both,
 * and the centre's cursor and read marks stay one number (docs/decisions/016-show-confirmation.md).
 */
export const showNotices = pgTable(
  'show_notices',
  {
    ...noticeKey(),
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TShowNoticeKind>().notNull(),
    /** The support act a notice is about (act_*: the act asked, or whose word the announcer gets). */
    actPerformerId: text('act_performer_id').references(() => user.id, { onDelete: 'cascade' }),
    ...noticeTimes(),
    /** When its email was handed over; null: none yet (or the kind is in-app only). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    check('show_notices_kind_check', oneOf(t.kind, SHOW_NOTICE_KINDS)),
    // The notification centre: a user's notices newest first, and the unread count.
    index('show_notices_user_idx').on(t.userId, t.id),
    index('show_notices_show_idx').on(t.showId),
  ],
);
