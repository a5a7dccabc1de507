import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { showEvents, shows } from './shows.ts';

/*
 * Rollups behind the dashboards: counts a million-row audience would take too long to
 * count per request. Each is kept by statement-level triggers in migration 0016, in the same
 * transaction as the change, so every write path (API, demo data, bulk loads, account deletion)
 * keeps them true without a job. test/dashboards/dashboard-rollups.test.ts and
 * alert-delivery-counts.test.ts check each against its plain query after a mixed sequence of
 * changes. Migration 0045 adds two rollups of rollups (performerFollowerCities,
 * venueAudienceMonths), checked by test/dashboards/bucket-rollups.test.ts against a
 * recomputation after random changes to everything they are made of.
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
 * A performer's current followers per city of their home ZIPs: performer_follower_zips summed
 * per zip_places city and state (a ZIP zip_places lacks counts in no city), kept by the triggers
 * of migration 0045 on both. The index hands the dashboard its top three cities in order.
 */
export const performerFollowerCities = pgTable(
  'performer_follower_cities',
  {
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    state: text('state').notNull(),
    followers: integer('followers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.performerId, t.city, t.state] }),
    index('performer_follower_cities_top_idx').on(
      t.performerId,
      t.followers.desc().nullsFirst(),
      t.city,
      t.state,
    ),
  ],
);

/** A venue's audience per bucket of time, named by its first day (`column`: month or year). */
const venueAudienceBuckets = (name: string, column: 'month' | 'year') =>
  pgTable(
    name,
    {
      venueId: text('venue_id')
        .notNull()
        .references(() => user.id, { onDelete: 'cascade' }),
      start: date(column).notNull(),
      dimension: text('dimension').$type<(typeof AUDIENCE_DIMENSIONS)[number]>().notNull(),
      value: text('value').notNull(),
      fans: integer('fans').notNull().default(0),
    },
    (t) => [
      primaryKey({ columns: [t.venueId, t.start, t.dimension, t.value] }),
      check(`${name}_dimension_check`, oneOf(t.dimension, AUDIENCE_DIMENSIONS)),
    ],
  );

/**
 * show_audience_counts summed per venue and UTC month of the shows' start, over the shows a
 * venue dashboard counts (confirmed, not cancelled, at an Encore venue), kept by the triggers of
 * migration 0045 on show_audience_counts and shows. A period reads its whole months here (its
 * later whole years from venueAudienceYears) and its first, partial month from the per-show rows.
 */
export const venueAudienceMonths = venueAudienceBuckets('venue_audience_months', 'month');

/**
 * venue_audience_months summed per UTC year (kept with it by the same function), so a period's
 * later whole years are one bucket each, not twelve.
 */
export const venueAudienceYears = venueAudienceBuckets('venue_audience_years', 'year');

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
