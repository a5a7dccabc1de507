import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Columns many tables share, written once. Each call makes a new builder: drizzle binds a builder
// to the one table it is used in (as notice-columns.ts does).

/** A row's own id: a random UUID Postgres makes, as text. */
export const uuidId = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);

/** A required user (fan or performer) whose rows go with their account. */
export const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** When the row was written. */
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed. */
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
