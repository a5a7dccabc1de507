import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * One row per user: the account email change waiting for its link. Asking again replaces it
 * (a new token; the old link stops working); confirming or cancelling deletes it, so a link works
 * once. Only the token's SHA-256 is kept: a copy of the table opens no account.
 */
export const emailChange = pgTable(
  'email_changes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_changes_token_hash_idx').on(t.tokenHash)],
);
