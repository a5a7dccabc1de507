import {
  ARTIST_MESSAGE_AUDIENCES,
  ARTIST_MESSAGE_MAX,
  type TArtistMessageAudience,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELIVERY_STATES, type TDeliveryState } from './alert-delivery.ts';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';

/**
 * A performer's message to their followers (decision 045): its words, who it was for (all
 * followers, or those within `radius_mi` of a place) and how many fans it reached when sent.
 */
export const artistMessages = pgTable(
  'artist_messages',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    audience: text('audience').$type<TArtistMessageAudience>().notNull(),
    /** 'Chicago, IL' as the city or ZIP was read; null for all followers. */
    placeLabel: text('place_label'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusMi: integer('radius_mi'),
    /** Fans it was delivered to in-app (the whole audience), counted in the sending transaction. */
    reach: integer('reach').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('artist_messages_audience_check', oneOf(t.audience, ARTIST_MESSAGE_AUDIENCES)),
    check(
      'artist_messages_body_check',
      sql`length(btrim(${t.body})) between 1 and ${sql.raw(String(ARTIST_MESSAGE_MAX))}`,
    ),
    check(
      'artist_messages_place_check',
      sql`(${t.audience} = 'all') = (${t.radiusMi} is null and ${t.latitude} is null and ${t.longitude} is null)`,
    ),
    // The sent list and the rolling limit: a performer's messages, newest first.
    index('artist_messages_performer_idx').on(t.performerId, t.createdAt),
  ],
);

/**
 * The outbox of artist messages: one row per message, fan and channel ('in_app' or 'email'),
 * the key making a second write of the same delivery insert nothing (exactly once). In-app rows
 * are the notification centre's items, written sent; email rows wait for the artist-message
 * dispatch loop (alerts/artist-message-outbox.ts), which claims, leases and records them as the
 * alert outbox's loops do.
 */
export const artistMessageDeliveries = pgTable(
  'artist_message_deliveries',
  {
    /** In-app rows: the notification centre's id, from the sequence every centre item shares. */
    notificationId: bigint('notification_id', { mode: 'number' }).default(
      sql`nextval('alert_deliveries_id_seq')`,
    ),
    messageId: text('message_id')
      .notNull()
      .references(() => artistMessages.id, { onDelete: 'cascade' }),
    fanId: text('fan_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'in_app' | 'email'>().notNull(),
    /** 'You watch Night Static' or 'Night Static plays Rock, one of your genres'. */
    reason: text('reason').notNull(),
    state: text('state').$type<TDeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({
      name: 'artist_message_deliveries_pkey',
      columns: [t.messageId, t.fanId, t.channel],
    }),
    check('artist_message_deliveries_channel_check', oneOf(t.channel, ['in_app', 'email'])),
    check('artist_message_deliveries_state_check', oneOf(t.state, DELIVERY_STATES)),
    check('artist_message_deliveries_reason_check', sql`btrim(${t.reason}) <> ''`),
    index('artist_message_deliveries_pending_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('artist_message_deliveries_in_app_idx')
      .on(t.fanId, t.notificationId)
      .where(sql`${t.channel} = 'in_app'`),
  ],
);

/** A fan who muted a performer's messages: none reach them, in any channel, until unmuted. */
export const artistMessageMutes = pgTable(
  'artist_message_mutes',
  {
    fanId: text('fan_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    performerId: text('performer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fanId, t.performerId] }),
    index('artist_message_mutes_performer_idx').on(t.performerId),
  ],
);

/**
 * A fan's report of a message, for Encore's staff: the performer never sees who reported it.
 * One report per fan and message (a second one keeps the first).
 */
export const artistMessageReports = pgTable(
  'artist_message_reports',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    messageId: text('message_id')
      .notNull()
      .references(() => artistMessages.id, { onDelete: 'cascade' }),
    fanId: text('fan_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('artist_message_reports_fan_idx').on(t.messageId, t.fanId),
    index('artist_message_reports_fan_id_idx').on(t.fanId),
  ],
);
