import { ALERT_CHANNELS, ATTENDANCE_STATUSES, type TAlertChannel } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { allOf, oneOf } from './checks.ts';
import { createdAtColumn, updatedAtColumn, userRef } from './columns.ts';
import { shows } from './shows.ts';

/** A fan watching a performer, and through which channels the alerts should come. */
export const artistAlerts = pgTable(
  'artist_alerts',
  {
    fanId: userRef('fan_id'),
    performerId: userRef('performer_id'),
    channels: text('channels').array().$type<TAlertChannel[]>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.fanId, t.performerId] }),
    check(
      'artist_alerts_channels_check',
      sql`cardinality(${t.channels}) >= 1 and ${allOf(t.channels, ALERT_CHANNELS)}`,
    ),
    // Followers of a performer are counted on every artist page; with the fan id, the matcher
    // reads a big audience's watchers one fan range at a time (alerts/match-event.ts).
    index('artist_alerts_performer_idx').on(t.performerId, t.fanId),
  ],
);

/** A fan going to, or having attended, a show. */
export const showAttendance = pgTable(
  'show_attendance',
  {
    fanId: userRef('fan_id'),
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    status: text('status').$type<(typeof ATTENDANCE_STATUSES)[number]>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.fanId, t.showId] }),
    check('show_attendance_status_check', oneOf(t.status, ATTENDANCE_STATUSES)),
    // Show cards list a few faces of who is going, newest first: (show, status, updated_at)
    // serves that without reading and sorting every going row of a popular show.
    index('show_attendance_show_status_idx').on(t.showId, t.status, t.updatedAt),
  ],
);
