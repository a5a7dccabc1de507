import { GENRE_ALERT_TIMINGS, PROFILE_VISIBILITIES, type TFanSettings } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { FAN_SETTINGS_DEFAULTS } from './settings-defaults.ts';

const n = FAN_SETTINGS_DEFAULTS.notifications;
const p = FAN_SETTINGS_DEFAULTS.privacy;

/** A fan's notification channels, alert categories and privacy; no row means the defaults. */
export const fanSettings = pgTable(
  'fan_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    push: boolean('push').notNull().default(n.push),
    email: boolean('email').notNull().default(n.email),
    sms: boolean('sms').notNull().default(n.sms),
    newShows: boolean('new_shows').notNull().default(n.newShows),
    ticketSales: boolean('ticket_sales').notNull().default(n.ticketSales),
    priceDrops: boolean('price_drops').notNull().default(n.priceDrops),
    lineupChanges: boolean('lineup_changes').notNull().default(n.lineupChanges),
    genreAlerts: text('genre_alerts')
      .$type<TFanSettings['notifications']['genreAlerts']>()
      .notNull()
      .default(n.genreAlerts),
    showPals: boolean('show_pals_notices').notNull().default(n.showPals),
    showPalsEmail: boolean('show_pals_email').notNull().default(n.showPalsEmail),
    artistMessages: boolean('artist_messages').notNull().default(n.artistMessages),
    artistMessagesFromGenres: boolean('artist_messages_from_genres')
      .notNull()
      .default(n.artistMessagesFromGenres),
    visibility: text('visibility')
      .$type<TFanSettings['privacy']['visibility']>()
      .notNull()
      .default(p.visibility),
    showAttendance: boolean('show_attendance').notNull().default(p.showAttendance),
    allowFriendRequests: boolean('allow_friend_requests').notNull().default(p.allowFriendRequests),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fan_settings_visibility_check', oneOf(t.visibility, PROFILE_VISIBILITIES)),
    check('fan_settings_genre_alerts_check', oneOf(t.genreAlerts, GENRE_ALERT_TIMINGS)),
    // An artist message's genre audience starts from the fans who opted in (off by default, so
    // few): read by this index, not by a scan of every fan (decision 045).
    index('fan_settings_genre_messages_idx').on(t.userId).where(sql`${t.artistMessagesFromGenres}`),
  ],
);
