import {
  GENRES,
  SHOW_CONFIRMATIONS,
  SHOW_EVENT_KINDS,
  SHOW_STATUSES,
  type TShowConfirmationState,
  type TShowEventKind,
  type TShowStatus,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';

const userRef = (name: string) => text(name).references(() => user.id, { onDelete: 'cascade' });

/**
 * A show: an Encore performer at an Encore venue or at an external one (name and address kept on
 * the row). Times are UTC plus the venue's IANA zone, so pages can show the venue's local time.
 * Ids are text (a uuid written by Postgres) so a malformed id in a URL is simply not found.
 */
export const shows = pgTable(
  'shows',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    performerId: userRef('performer_id').notNull(),
    venueId: userRef('venue_id'),
    externalName: text('external_name'),
    externalStreet: text('external_street'),
    externalCity: text('external_city'),
    externalState: text('external_state'),
    externalZip: text('external_zip'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    ticketUrl: text('ticket_url'),
    priceMin: numeric('price_min', { mode: 'number' }),
    priceMax: numeric('price_max', { mode: 'number' }),
    onSaleAt: timestamp('on_sale_at', { withTimezone: true }),
    genre: text('genre').notNull(),
    status: text('status').$type<TShowStatus>().notNull().default('announced'),
    attendance: integer('attendance'),
    grossRevenue: numeric('gross_revenue', { mode: 'number' }),
    /** Merchandise takings, optional with the results (the performer dashboard's per head). */
    merchRevenue: numeric('merch_revenue', { mode: 'number' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The other Encore party's word: a show that names one (a venue's show for an Encore
     * performer, a performer's at an Encore venue) is pending until it confirms, and only a
     * confirmed show is public or alerts anyone. Rows from before confirmations are confirmed.
     */
    confirmation: text('confirmation')
      .$type<TShowConfirmationState>()
      .notNull()
      .default('confirmed'),
    /** Who must confirm (the performer or the venue, never the announcer); null: nobody. */
    confirmingPartyId: text('confirming_party_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shows_one_venue_check', sql`(${t.venueId} is null) <> (${t.externalName} is null)`),
    check('shows_price_check', sql`${t.priceMin} >= 0 and ${t.priceMax} >= 0`),
    check('shows_price_order_check', sql`${t.priceMax} >= ${t.priceMin}`),
    check('shows_genre_check', oneOf(t.genre, GENRES)),
    check('shows_status_check', oneOf(t.status, SHOW_STATUSES)),
    check('shows_results_check', sql`${t.attendance} >= 0 and ${t.grossRevenue} >= 0`),
    check('shows_merch_revenue_check', sql`${t.merchRevenue} >= 0`),
    check('shows_confirmation_check', oneOf(t.confirmation, SHOW_CONFIRMATIONS)),
    // The party is one of the show's own two, and a show waits only for someone.
    check(
      'shows_confirming_party_check',
      sql`(${t.confirmingPartyId} is null and ${t.confirmation} = 'confirmed')
        or coalesce(${t.confirmingPartyId} = ${t.performerId} or ${t.confirmingPartyId} = ${t.venueId}, false)`,
    ),
    index('shows_performer_starts_idx').on(t.performerId, t.startsAt),
    // The same for the shows an account created (the venue's, or the performer's, cascade).
    index('shows_created_by_idx').on(t.createdBy),
    index('shows_venue_starts_idx').on(t.venueId, t.startsAt),
    index('shows_starts_idx').on(t.startsAt),
    index('shows_genre_starts_idx').on(t.genre, t.startsAt),
    // The on-sale release's look for shows whose ticket sales have started (alerts/on-sale-release.ts).
    index('shows_on_sale_due_idx')
      .on(t.onSaleAt)
      .where(sql`status = 'announced' and on_sale_at is not null`),
    // Fans' "nearby" alerts: earth_box(home, radius) @> the show's point and starts_at > now,
    // both inside one GiST (btree_gist, migration 0006), so past shows cost nothing there.
    index('shows_earth_starts_idx').using(
      'gist',
      sql`ll_to_earth(latitude, longitude)`,
      t.startsAt,
    ),
  ],
);

/** What changed on a show, for the alert engine to deliver; payload holds old/new. */
export const showEvents = pgTable(
  'show_events',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TShowEventKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * A support act's confirmation on a show already public (a 'lineup_change'): the event reaches
     * only that act's watchers who have no alert of the show yet. Null: the show's whole audience.
     */
    actPerformerId: text('act_performer_id').references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the alert engine matched it to fans (its deliveries are written); null: not yet. */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /**
     * Its in-app alert's id in every fan's notification centre (decision 059), drawn from the
     * centre's sequence when its match begins and kept for a rerun; null: no match begun yet.
     */
    notificationId: bigint('notification_id', { mode: 'number' }),
  },
  (t) => [
    check('show_events_kind_check', oneOf(t.kind, SHOW_EVENT_KINDS)),
    // The matcher's to-do list: only unmatched events are in it.
    index('show_events_unmatched_idx').on(t.createdAt).where(sql`${t.matchedAt} is null`),
    index('show_events_created_idx').on(t.createdAt),
    index('show_events_show_idx').on(t.showId),
    // Deleting an account finds the events naming it as an act by index, not by reading every
    // event (the foreign key's cascade; a reset of the demo's 3,506 accounts spent 1.8 s on it).
    index('show_events_act_performer_idx')
      .on(t.actPerformerId)
      .where(sql`${t.actPerformerId} is not null`),
  ],
);
