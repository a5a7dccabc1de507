import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Scratch of a big announcement's match (repositories/alerts/match-nearby.repo.ts): the fans whose
 * favourite genres hold the show's genre within their radius of the venue, with the genre rule's
 * reason, found once per match by one walk of the GiST index and read by each fan range's
 * transaction, which adds the fan's settings ('new shows', digest, channels) for its own fans.
 * Written at the match's start, deleted at its end; UNLOGGED (migration 0029): nothing in it
 * outlives a match, so a crash may empty it. Found by the fan alone (migration 0058): the store is
 * the one step of a big match that its ranges waited for (since issue 29 the in-app ranges that
 * begin before it is stored find their own inline), and a key that led with the event's
 * 36-character id cost it a quarter (docs/performance-log/fanout-and-dispatch.md); a range reads
 * its fans' slice and keeps its event's rows.
 */
export const alertMatchNearby = pgTable(
  'alert_match_nearby',
  {
    showEventId: text('show_event_id').notNull(),
    fanId: text('fan_id').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('alert_match_nearby_fan_idx').on(t.fanId)],
);
