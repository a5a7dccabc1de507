import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

const userId = () =>
  text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * A fan's Spotify grant (spec `spotify_connections`). The tokens are AES-256-GCM ciphertexts
 * (`lib/spotify-token-cipher.ts`, key derived from the server's secret): a copy of the
 * database alone does not give anyone the fan's Spotify. The CHECKs refuse anything that is not
 * our ciphertext format, so no code path can store a token in the clear.
 */
export const spotifyConnections = pgTable(
  'spotify_connections',
  {
    userId: userId(),
    spotifyUserId: text('spotify_user_id').notNull(),
    displayName: text('display_name'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    /** When the access token stops working; it is refreshed 5 minutes before. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scope: text('scope').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (t) => [
    check('spotify_connections_access_token_check', sql`${t.accessToken} ~ '^v1\\.'`),
    check('spotify_connections_refresh_token_check', sql`${t.refreshToken} ~ '^v1\\.'`),
  ],
);

/**
 * The state of the fan's authorisation in progress, as a SHA-256 hash: the callback must bring
 * back this value, before `expires_at`, and it works once. One per fan: starting again replaces it.
 */
export const spotifyAuthorizations = pgTable('spotify_authorizations', {
  userId: userId(),
  stateHash: text('state_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
