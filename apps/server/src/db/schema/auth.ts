import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * better-auth's four tables (user, session, account, verification) with the username plugin's
 * columns. The JS property names are better-auth's field names: its drizzle adapter addresses
 * columns by them.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // better-auth stores the username lowercased; display_username keeps what the user typed.
    username: text('username'),
    displayUsername: text('display_username'),
    // The spec's user_roles (one role per user) and profiles.profile_complete live on the user
    // row, so they are written in the same INSERT as the account: no user ever lacks a role.
    role: text('role').notNull(),
    profileComplete: boolean('profile_complete').notNull().default(false),
  },
  (t) => [
    // better-auth lowercases both before writing; these indexes are the guarantee under races
    // and against any other writer. Sign-up maps their names to USERNAME_TAKEN / EMAIL_TAKEN.
    uniqueIndex('user_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('user_username_lower_idx').on(sql`lower(${t.username})`),
    // better-auth looks users up with `email = $1` / `username = $1`, which lower() cannot serve.
    index('user_email_idx').on(t.email),
    index('user_username_idx').on(t.username),
    check('user_role_check', sql`${t.role} in ('fan', 'performer', 'venue')`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('session_token_idx').on(t.token), index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);
