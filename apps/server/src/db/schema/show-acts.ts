import { SHOW_CONFIRMATIONS, type TShowConfirmationState } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { lengthBetween, oneOf } from './checks.ts';
import { createdAtColumn } from './columns.ts';
import { shows } from './shows.ts';

/**
 * The acts on a show's bill besides its headliner (`shows.performer_id`), in billing order. An
 * act on Encore is its artist (`performer_id`), so its watchers hear of the show; `name` is that
 * artist's name when it was put on the bill, or the name typed for an act not on Encore
 * (performer_id null). Nobody speaks for another account: an Encore act's slot is `pending` until
 * the artist confirms it; a typed name has nobody to ask and is `confirmed`.
 */
export const showActs = pgTable(
  'show_acts',
  {
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    performerId: text('performer_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    confirmation: text('confirmation')
      .$type<TShowConfirmationState>()
      .notNull()
      .default('confirmed'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.showId, t.position] }),
    check('show_acts_position_check', sql`${t.position} >= 0`),
    check('show_acts_name_check', lengthBetween(t.name, 1, 100)),
    check('show_acts_confirmation_check', oneOf(t.confirmation, SHOW_CONFIRMATIONS)),
    check(
      'show_acts_typed_confirmed_check',
      sql`${t.performerId} is not null or ${t.confirmation} = 'confirmed'`,
    ),
    // An Encore artist is on a bill once (its watchers get one alert per show anyway).
    uniqueIndex('show_acts_show_performer_idx')
      .on(t.showId, t.performerId)
      .where(sql`${t.performerId} is not null`),
    // The artist's page and My Shows: the shows it plays as support.
    index('show_acts_performer_idx').on(t.performerId).where(sql`${t.performerId} is not null`),
  ],
);
