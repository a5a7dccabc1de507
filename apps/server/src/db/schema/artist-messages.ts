import {
  ARTIST_MESSAGE_AUDIENCES,
  ARTIST_MESSAGE_MAX,
  type TArtistMessageAudience,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELIVERY_STATES, deliveryProgress, notificationIdColumn } from './alert-delivery.ts';
import { oneOf } from './checks.ts';
import { createdAtColumn, userRef, uuidId } from './columns.ts';

/**
 * A performer's message to their followers (decision 045): its words, who it was for (all
 * followers, or those within `radius_mi` of a place) and how many fans it reached when sent.
 */
export const artistMessages = pgTable(
  'artist_messages',
  {
    id: uuidId(),
    performerId: userRef('performer_id'),
    body: text('body').notNull(),
    audience: text('audience').$type<TArtistMessageAudience>().notNull(),
    /** 'Chicago, IL' as the city or ZIP was read; null for all followers. */
    placeLabel: text('place_label'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusMi: integer('radius_mi'),
    /** Fans it was delivered to in-app (the whole audience), counted in the sending transaction. */
    reach: integer('reach').notNull(),
    createdAt: createdAtColumn(),
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
    notificationId: notificationIdColumn(),
    messageId: text('message_id')
      .notNull()
      .references(() => artistMessages.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id'),
    channel: text('channel').$type<'in_app' | 'email'>().notNull(),
    /** 'You watch Night Static' or 'Night Static plays Rock, one of your genres'. */
    reason: text('reason').notNull(),
    ...deliveryProgress(),
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
    fanId: userRef('fan_id'),
    performerId: userRef('performer_id'),
    createdAt: createdAtColumn(),
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
    id: uuidId(),
    messageId: text('message_id')
      .notNull()
      .references(() => artistMessages.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id'),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('artist_message_reports_fan_idx').on(t.messageId, t.fanId),
    index('artist_message_reports_fan_id_idx').on(t.fanId),
  ],
);
