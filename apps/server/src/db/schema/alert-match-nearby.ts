import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Scratch of a big announcement's match (repositories/alerts/match-nearby.repo.ts): the fans whose
 * favourite genres hold the show's genre within their radius of the venue, with the genre
 * rule's reason, digest choice and channels, found once per match by one walk of the GiST index
 * and read by each fan range's transaction. Written at the match's start, deleted at its end;
 * UNLOGGED (migration 0029): nothing in it outlives a match, so a crash may empty it.
 */
export const alertMatchNearby = pgTable(
  'alert_match_nearby',
  {
    showEventId: text('show_event_id').notNull(),
    fanId: text('fan_id').notNull(),
    reason: text('reason').notNull(),
    digest: boolean('digest').notNull(),
    channels: text('channels').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.showEventId, t.fanId] })],
);
