import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { showEvents, shows } from './shows.ts';

/*
 * Rollups behind the dashboards (issue 14): counts a million-row audience would take too long to
 * count per request. Each is kept by statement-level triggers in migration 0016, in the same
 * transaction as the change, so every write path (API, demo data, bulk loads, account deletion)
 * keeps them true without a job. test/dashboards/dashboard-rollups.test.ts and
 * alert-delivery-counts.test.ts check each against its plain query after a mixed sequence of
 * changes.
 */

/** Follows (artist_alerts inserted, by the alert's created_at month) and unfollows (deleted, by the month of the deletion) per performer and UTC month. */
export const performerFollowMonths = pgTable(
  'performer_follow_months',
  {
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    follows: integer('follows').notNull().default(0),
    unfollows: integer('unfollows').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.month] })],
);

/** A performer's current followers per home ZIP of the fan (fan_profiles.zip_code). */
export const performerFollowerZips = pgTable(
  'performer_follower_zips',
  {
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    followers: integer('followers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.zipCode] })],
);

export const AUDIENCE_DIMENSIONS = ['age', 'gender', 'zip'] as const;

/**
 * Fans marked going to or attended at a show (show_attendance), per value of one profile field:
 * age range, gender or home ZIP. Each fan counts once per show in each dimension.
 */
export const showAudienceCounts = pgTable(
  'show_audience_counts',
  {
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    dimension: text('dimension').$type<(typeof AUDIENCE_DIMENSIONS)[number]>().notNull(),
    value: text('value').notNull(),
    fans: integer('fans').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.showId, t.dimension, t.value] }),
    check('show_audience_counts_dimension_check', oneOf(t.dimension, AUDIENCE_DIMENSIONS)),
  ],
);

/**
 * Alerts in state sent per show event and channel (a digest's carried rows count once each, as
 * they take their carrier's state): the performer dashboard's "alerts delivered" without counting
 * a million outbox rows per request. Kept by the statement-level triggers of migration 0018 on
 * alert_deliveries; goes with its event (and the event's deliveries) on deletion.
 */
export const alertDeliveryCounts = pgTable(
  'alert_delivery_counts',
  {
    showEventId: text('show_event_id')
      .notNull()
      .references(() => showEvents.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    delivered: integer('delivered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.showEventId, t.channel] })],
);
