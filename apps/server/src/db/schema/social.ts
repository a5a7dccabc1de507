import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { createdAtColumn, updatedAtColumn, userRef } from './columns.ts';

export const PAL_LINK_STATES = ['requested', 'pals', 'declined'] as const;
export type TPalLinkState = (typeof PAL_LINK_STATES)[number];

/**
 * Show Pals: at most one row per pair of fans, stored with the smaller id first (fan_a < fan_b),
 * so two fans asking each other at once meet on the primary key and become pals once
 * (repositories/social/pal-links.repo.ts). requested_by says who asked; a declined row stays
 * DECLINED_REQUEST_COOLDOWN_DAYS (from updated_at) so the asker cannot ask again at once.
 */
export const palLinks = pgTable(
  'pal_links',
  {
    fanA: userRef('fan_a'),
    fanB: userRef('fan_b'),
    requestedBy: text('requested_by').notNull(),
    state: text('state').$type<TPalLinkState>().notNull(),
    createdAt: createdAtColumn(),
    /** When the state last changed: asked, accepted (pals since) or declined. */
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.fanA, t.fanB] }),
    check('pal_links_order_check', sql`${t.fanA} < ${t.fanB}`),
    check('pal_links_requester_check', sql`${t.requestedBy} in (${t.fanA}, ${t.fanB})`),
    check('pal_links_state_check', oneOf(t.state, PAL_LINK_STATES)),
    // The primary key finds a fan's links as fan_a; this one as fan_b.
    index('pal_links_fan_b_idx').on(t.fanB, t.fanA),
  ],
);

/** One fan blocking another (one-way): the blocked fan cannot see, request or meet the blocker. */
export const fanBlocks = pgTable(
  'fan_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('fan_blocks_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
    index('fan_blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/**
 * Show Pal requests each fan sent per UTC day, counted in the request's transaction: the abuse
 * limit (PAL_REQUESTS_PER_DAY) holds however requests are cancelled and sent again.
 */
export const palRequestDays = pgTable(
  'pal_request_days',
  {
    fanId: userRef('fan_id'),
    day: date('day').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.day] })],
);
