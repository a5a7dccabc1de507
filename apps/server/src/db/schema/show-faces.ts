import { boolean, integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { shows } from './shows.ts';

/**
 * A show's newest going fans whom someone besides themselves may see (a fan profile, attendance
 * shown, Public or Friends Only), newest mark first, kept by triggers in the transaction of every
 * write that changes them (migration 0041: show_attendance, fan_settings, fan_profiles' tag name,
 * the user's photo): Your Alerts' faces read one row per card instead of walking the show's marks
 * with each fan's settings (repositories/fan-show-cards.repo.ts filters it for the viewer, exactly),
 * and its going count. A row for every show with a going mark (empty lists when no one else may
 * see any of them); no row: no going mark.
 */
export const showFaces = pgTable('show_faces', {
  showId: text('show_id')
    .primaryKey()
    .references(() => shows.id, { onDelete: 'cascade' }),
  /** The first CARD_FACES of the list as a card's faces: [[id, tag name, photo], ...]. */
  head: json('head').notNull(),
  /** No Friends Only fan in `head`: without a block it is every viewer's answer as it is. */
  headPublic: boolean('head_public').notNull(),
  /** The first SHOW_FACES_KEPT (8), as parallel arrays. */
  fanIds: text('fan_ids').array().notNull(),
  names: text('names').array().notNull(),
  photos: text('photos').array().notNull(),
  /** Friends Only: seen by their Show Pals only. */
  friends: boolean('friends').array().notNull(),
  markedAt: timestamp('marked_at', { withTimezone: true }).array().notNull(),
  /** Every such fan of the show is in the arrays (none left out past SHOW_FACES_KEPT). */
  complete: boolean('complete').notNull(),
  /**
   * The show's going marks, hidden fans included: its cards' going count (migration 0043, moved
   * by each write's going rows after minus before).
   */
  going: integer('going').notNull().default(0),
  /**
   * Of those, the marks of fans whose attendance anyone may see (no settings row, or Public with
   * attendance shown): Connect with Attendees counts who a viewer may see from it, applying the
   * rule to the viewer's own pals and blocks only (migration 0048, moved like `going`).
   */
  goingShown: integer('going_shown').notNull().default(0),
});
