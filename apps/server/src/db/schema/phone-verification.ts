import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * One row per user: the phone a code was last sent to, and whether that phone was confirmed.
 * "This user verified exactly this phone" is then a single-row lookup on (user_id, phone,
 * verified_at is not null): changing the profile's phone makes it unverified without any write.
 * `code_hash` is null once the code was used or invalidated, so a code works at most once.
 */
export const phoneVerification = pgTable(
  'phone_verifications',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [check('phone_verifications_attempts_check', sql`${t.attempts} >= 0`)],
);
