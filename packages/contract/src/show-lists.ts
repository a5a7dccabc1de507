/**
 * A show's lists without zod (the schemas that use them are in shows.ts, artists.ts and
 * notifications.ts): the signed-in frame and the fan dashboard read these at start-up, and a module
 * that builds a zod schema would bring zod and the schemas' building into their chunks (on a slow phone,
 * decision 023; the same reason as role-list.ts).
 */

export const SHOW_STATUSES = ['announced', 'on_sale', 'cancelled', 'postponed'] as const;

/** Kinds of show event the alert engine delivers; show_events records them. */
export const SHOW_EVENT_KINDS = [
  'announced',
  'on_sale',
  'price_drop',
  'lineup_change',
  'cancelled',
  'postponed',
] as const;
export type TShowEventKind = (typeof SHOW_EVENT_KINDS)[number];

/**
 * Whether the other Encore party named on a show has agreed to it. A venue announcing a show for
 * an Encore performer, or a performer announcing one at an Encore venue, speaks for that party:
 * the show stays `pending` (seen only by its two parties, alerting nobody) until it confirms, and
 * is withdrawn as `declined` if it refuses. A show naming no other Encore party is `confirmed` at
 * once.
 */
export const SHOW_CONFIRMATIONS = ['confirmed', 'pending', 'declined'] as const;
export type TShowConfirmationState = (typeof SHOW_CONFIRMATIONS)[number];

/** The signed-in fan's relation to a show: going, attended, or none. */
export const ATTENDANCE_STATUSES = ['going', 'attended'] as const;

/**
 * How a postponed show's date reads on its page and in its link preview: moved to a new date, or
 * waiting for one (its page then still holds the date it was moved from). The alerts say the same
 * in their own words (apps/server/src/texts/alert-text.ts).
 */
export const POSTPONED_WHEN = {
  movedTo: 'Postponed to',
  pending: (was: string) => `new date to be announced (was ${was})`,
} as const;
