import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './columns.ts';
import { shows } from './shows.ts';

/**
 * A user's key for one of their shows, with a hash of what made it: the announce form's
 * idempotency keys and an import's source rows (show-import-keys.ts). Gone with the show or the
 * account. A new builder each call: drizzle binds a builder to one table.
 */
export const userShowKeyColumns = () => ({
  userId: userRef('user_id'),
  key: text('key').notNull(),
  showId: text('show_id')
    .notNull()
    .references(() => shows.id, { onDelete: 'cascade' }),
  fingerprint: text('fingerprint').notNull(),
});

/**
 * Idempotency keys of POST /api/shows (the announce form sends one per form instance). Written in
 * the show's own transaction, so a key exists exactly when its show does; the primary key settles
 * two concurrent requests with one key (the second finds the first's row and answers its show).
 * Scoped per user: two announcers' keys never meet. `fingerprint` is a hash of the request body,
 * so reusing a key for a different announcement is refused instead of answered with the wrong show.
 */
export const showAnnounceKeys = pgTable(
  'show_announce_keys',
  {
    ...userShowKeyColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('show_announce_keys_key_check', sql`char_length(${t.key}) between 1 and 200`),
  ],
);
