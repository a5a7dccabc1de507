import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { userShowKeyColumns } from './show-announce-keys.ts';

/**
 * Which show an import made from which row of its source (decision 050): `key` is the iCalendar
 * event's UID, or a CSV row's date with its venue (a performer's file) or artist (a venue's).
 * `fingerprint` is a hash of what the row said when it was last imported, so a re-import of the
 * same file changes nothing and a changed row is an edit of that show. Per importer: two
 * importers' keys never meet. Gone with the show or the account.
 */
export const showImportKeys = pgTable(
  'show_import_keys',
  {
    ...userShowKeyColumns(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('show_import_keys_show_idx').on(t.showId),
    check('show_import_keys_key_check', sql`char_length(${t.key}) between 1 and 400`),
  ],
);
