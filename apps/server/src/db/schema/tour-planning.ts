import {
  BOOKING_REQUEST_STATES,
  type TBookingRequestState,
  type TTourConstraints,
  type TTourPlan,
  type TTourVenue,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { shows } from './shows.ts';

/**
 * A saved plan's `result`: the contract's ZTourPlan minus the row's own columns, with its venues
 * stored without their booking contacts, which are added when the plan is read, for a performer
 * whose email is verified (services/tour-planner.service.ts; second security probe, finding 5).
 */
type TourPlanResult = Pick<
  TTourPlan,
  'resolved' | 'understood' | 'route' | 'tourOptimization' | 'outreachEmail'
> & { venues: Omit<TTourVenue, 'contactEmail' | 'bookingPhone'>[] };

/**
 * A performer's saved tour plans. The plan is kept whole as the planner returned it
 * (`result`), so reopening shows exactly what was planned even after venues or fans changed;
 * planning again (PUT) replaces it.
 */
export const tourPlans = pgTable(
  'tour_plans',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    /** What the prompt was read as (before defaults); the form corrects from it. */
    constraints: jsonb('constraints').$type<TTourConstraints>().notNull(),
    result: jsonb('result').$type<TourPlanResult>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tour_plans_name_check', sql`char_length(${t.name}) between 1 and 80`),
    // "My plans", newest first.
    index('tour_plans_performer_idx').on(t.performerId, t.createdAt),
  ],
);

/**
 * A performer's request to play an Encore venue on one night (contract: booking-requests.ts has
 * the states). At most one open (pending or held) request per performer, venue and night; at most
 * one held date per venue and night, whoever asked.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    venueId: text('venue_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The plan it came from; a deleted plan leaves its requests standing. */
    planId: text('plan_id').references(() => tourPlans.id, { onDelete: 'set null' }),
    /** The night asked for, in the venue's own calendar. */
    date: date('date', { mode: 'string' }).notNull(),
    message: text('message').notNull(),
    state: text('state').$type<TBookingRequestState>().notNull().default('pending'),
    declineNote: text('decline_note'),
    /** The show a confirmed request became. */
    showId: text('show_id').references(() => shows.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('booking_requests_state_check', oneOf(t.state, BOOKING_REQUEST_STATES)),
    check('booking_requests_parties_check', sql`${t.performerId} <> ${t.venueId}`),
    uniqueIndex('booking_requests_open_idx')
      .on(t.performerId, t.venueId, t.date)
      .where(sql`${t.state} in ('pending', 'held')`),
    uniqueIndex('booking_requests_held_idx').on(t.venueId, t.date).where(sql`${t.state} = 'held'`),
    // The venue's inbox and the planner's booked nights; the performer's sent list.
    index('booking_requests_venue_idx').on(t.venueId, t.date),
    index('booking_requests_performer_idx').on(t.performerId, t.createdAt),
  ],
);
