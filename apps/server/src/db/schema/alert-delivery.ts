import { DELIVERY_CHANNELS, type TDeliveryChannel } from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { createdAtColumn, userRef, uuidId } from './columns.ts';

export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * In-app rows: the notification centre's id, from the sequence every centre item shares
 * (alert_deliveries_id_seq), so one id orders them all.
 */
export const notificationIdColumn = () =>
  bigint('notification_id', { mode: 'number' }).default(sql`nextval('alert_deliveries_id_seq')`);

/**
 * A delivery's progress, the same in every outbox (alerts, artist messages): pending until a
 * worker sends it or it fails for good, its attempts and back-off, and when it was written, sent
 * and (in-app rows) read.
 */
export const deliveryProgress = () => ({
  state: text('state').$type<TDeliveryState>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** When a worker may (re)try it: now, or later after a back-off. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: createdAtColumn(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** In-app only: when the fan read it in the notification centre. */
  readAt: timestamp('read_at', { withTimezone: true }),
});

/**
 * The alert outbox: one row per fan, show event and channel, written set-wise by the matcher
 * (one INSERT ... SELECT per event). The unique key makes a replayed or duplicated event insert
 * nothing new, so each alert is delivered at most once per channel; workers claim pending rows in
 * batches (FOR UPDATE SKIP LOCKED), send, and mark them sent, so each is delivered at least once.
 * In-app rows are the notification centre: sent when written, read when the fan reads them.
 * Each row is found by one index entry (decision 059): an outbound row by its natural key
 * (show_event_id, fan_id, channel), an in-app row by the centre's (fan_id, notification_id), the
 * event's one id in every fan's centre. No surrogate id, no primary key: a second index entry a
 * row was the largest single cost of writing a big audience (decisions 028, 059).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    /**
     * In-app rows only: the notification centre's id (the API's `id`, mark-read, the stream's
     * cursor), from the sequence show_notices and social_notices share, so one id orders all
     * three. The matcher writes its event's id (show_events.notification_id: the same for every
     * fan it reaches, unique in each fan's centre, decision 059) and null for outbound rows, which
     * need no id (decision 028); the default is for in-app rows written elsewhere (tests).
     */
    notificationId: notificationIdColumn(),
    // No foreign keys on this table, on purpose: checking them row by row tripled the time to
    // write a big announcement's audience (docs/performance.md). Triggers in migration 0013 do
    // what the keys did: a deleted fan or show event takes its deliveries with it, a deleted
    // carrier sets its riders' carrier_event_id to null, and the matcher and a fan's deletion never
    // overlap (repositories/alerts/match-locks.repo.ts).
    fanId: text('fan_id').notNull(),
    showEventId: text('show_event_id').notNull(),
    channel: text('channel').$type<TDeliveryChannel>().notNull(),
    /**
     * Why this fan got it, in words naming the rule and its facts: 'You watch Night Static',
     * "You're going to this show", 'Rock show 12 mi from Brooklyn, NY — within your 25 mi radius'.
     */
    reason: text('reason').notNull(),
    /**
     * Genre-and-radius matches of fans who chose the daily digest wait for it (held). A released
     * digest goes out as one message per fan and channel: its earliest row becomes due (digest
     * false) and carries the others, which keep `digest` and point at it (alerts/digest.ts).
     */
    digest: boolean('digest').notNull().default(false),
    /**
     * The event of the row whose message carries this one (a released digest): the carrier is
     * the row (carrier_event_id, fan_id, channel), the same fan and channel. It takes the
     * carrier's final state. Set to null, not deleted, when the carrier goes (a trigger): should
     * it go (its show's performer deleted their account), this row is held again and rides in
     * the next digest instead of vanishing.
     */
    carrierEventId: text('carrier_event_id'),
    ...deliveryProgress(),
  },
  (t) => [
    // The outbound rows' natural key, event first: a deleted event's rows, the claims' and
    // outcomes' row lookups, the digest's, the centre's "waiting for the digest". Partial (decision
    // 059): a statement must say `channel <> 'in_app'` or name its channel to use it. A separate
    // event index cost ~0.55 s of a 1M-fan match, a bigserial key ~1.6 s (docs/performance.md).
    uniqueIndex('alert_deliveries_outbound_key')
      .on(t.showEventId, t.fanId, t.channel)
      .where(sql`${t.channel} <> 'in_app'`),
    // The in-app rows' key, which is the notification centre's index (decision 059): a fan's
    // alerts newest first, the unread count, one fan's alert of an event (the event's id), and a
    // replayed match's second alert refused.
    uniqueIndex('alert_deliveries_in_app_key')
      .on(t.fanId, t.notificationId)
      .where(sql`${t.channel} = 'in_app'`),
    // An event's in-app rows, all of them (an earlier alert's fans, a deleted event): they are
    // written together, so their ids' block ranges are few. A BRIN costs nothing a row.
    index('alert_deliveries_notification_brin').using('brin', t.notificationId),
    check(
      'alert_deliveries_in_app_id_check',
      sql`${t.channel} <> 'in_app' or ${t.notificationId} is not null`,
    ),
    check('alert_deliveries_channel_check', oneOf(t.channel, DELIVERY_CHANNELS)),
    check('alert_deliveries_state_check', oneOf(t.state, DELIVERY_STATES)),
    // Nothing fires without a why: every alert names the rule that sent it.
    check('alert_deliveries_reason_check', sql`btrim(${t.reason}) <> ''`),
    // Only digest rows of outbound channels ride in another row's message, never in their own.
    check(
      'alert_deliveries_carrier_check',
      sql`${t.carrierEventId} is null or (${t.digest} and ${t.channel} <> 'in_app' and ${t.carrierEventId} <> ${t.showEventId})`,
    ),
    // What workers claim: only due-able pending rows are in it, so it stays small however much
    // was sent, and a day of held digest rows is never walked past by every claim.
    index('alert_deliveries_pending_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.state} = 'pending' and not ${t.digest}`),
    // What the daily release groups: the held rows alone, in (fan, channel) order.
    index('alert_deliveries_held_idx')
      .on(t.fanId, t.channel, t.createdAt)
      .where(sql`${t.digest} and ${t.state} = 'pending' and ${t.carrierEventId} is null`),
    // A carrier's rows, for its message and its outcome (and for SET NULL when it is deleted).
    index('alert_deliveries_carrier_idx')
      .on(t.fanId, t.channel, t.carrierEventId)
      .where(sql`${t.carrierEventId} is not null`),
    // A deleted fan's outbound rows (migration 0013's trigger; its in-app rows are found by the
    // in-app index above): the reordered unique key no longer leads with the fan.
    index('alert_deliveries_outbound_fan_idx').on(t.fanId).where(sql`${t.channel} <> 'in_app'`),
  ],
);

/** A browser's web push subscription (one fan can have several browsers). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidId(),
    fanId: userRef('fan_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_fan_idx').on(t.fanId),
  ],
);

/**
 * Numbers that texted STOP (E.164). Kept by number, not by fan: the carrier's opt-out belongs to
 * the phone, so no text goes to it until START, whoever's profile holds it.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});
