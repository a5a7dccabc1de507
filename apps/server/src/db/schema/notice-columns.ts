import { sql } from 'drizzle-orm';
import { bigint, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The columns every notification-centre notice table (show_notices, booking_notices,
 * social_notices) starts with: an id from alert_deliveries' own sequence, so the in-app alerts
 * and all notices share one id order, one cursor and one read mark; and the recipient, whose
 * notices go with their account. Each call makes new column builders (drizzle binds a builder to
 * the one table it is used in).
 */
export const noticeKey = () => ({
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .default(sql`nextval('alert_deliveries_id_seq')`),
  /** The recipient. */
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
});

/** When a notice was written and when its recipient read it (null: unread). */
export const noticeTimes = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
});
