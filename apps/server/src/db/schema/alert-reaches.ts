import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './columns.ts';
import { showEvents } from './shows.ts';

/**
 * A big audience reached at one commit (decision 064): the event whose in-app rows are still
 * being written, one fan range at a time. While its row is here every fan of the audience has
 * the alert already: the notification centre, its unread count and the live streams compute the
 * fan's item from the match's own rules (repositories/alerts/reach.repo.ts), and the rows, when
 * written, say the same. Written by the matcher before its in-app pass, deleted after it;
 * `facts` are the event's facts as the match read them (EventFacts), so a reader builds the
 * match's statement for its fans without reading them again.
 */
export const alertReaches = pgTable('alert_reaches', {
  showEventId: text('show_event_id')
    .primaryKey()
    .references(() => showEvents.id, { onDelete: 'cascade' }),
  notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
  facts: jsonb('facts').notNull(),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A fan's read mark on an alert of a reach (above) whose row may not be written yet: kept here
 * and applied to the row when the reach ends (the matcher's last in-app range), so a fan who
 * reads the alert in its first seconds finds it read. Readers take it while the reach lasts.
 */
export const alertEarlyReads = pgTable(
  'alert_early_reads',
  {
    fanId: userRef('fan_id'),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.notificationId] })],
);
