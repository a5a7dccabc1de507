import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Messages sent from the 'Feedback & Support' dialog. Stored before mailing so nothing is lost
 * when the mail server is down; `mailed_at` stays null until the support mail went out, so
 * unsent rows can be found and retried.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('feedback_user_id_idx').on(t.userId),
    // The dialog refuses blanks; the table refuses them from any other writer too.
    check('feedback_subject_check', sql`length(btrim(${t.subject})) > 0`),
    check('feedback_message_check', sql`length(btrim(${t.message})) > 0`),
  ],
);
