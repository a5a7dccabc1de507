import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every API process: one row per (bucket, client key),
 * reset in place when a new window starts. Rows whose window has ended are pruned periodically.
 */
export const rateLimitCounter = pgTable(
  'rate_limit_counter',
  {
    bucket: text('bucket').notNull(),
    clientKey: text('client_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_limit_counter_pk', columns: [t.bucket, t.clientKey] })],
);
