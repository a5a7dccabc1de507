import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Data fixes that need code SQL cannot run (db/show-time-zones.ts needs the time-zone lookup),
 * applied once after the migrations under their lock: a row here means the fix named has run.
 */
export const dataFixes = pgTable('data_fixes', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
