import {
  GOING_INVITE_STATES,
  SOCIAL_NOTICE_KINDS,
  type TGoingInviteState,
  type TSocialNoticeKind,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf } from './checks.ts';
import { noticeKey, noticeTimes } from './notice-columns.ts';
import { shows } from './shows.ts';

/**
 * Going together: one invite per (show, inviter, invited pal). Inviting again meets the primary
 * key and changes nothing; the invited fan's answer (going / declined) closes every open invite
 * to them for that show at once (repositories/social/going-invites.repo.ts).
 */
export const goingInvites = pgTable(
  'going_invites',
  {
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    fromFanId: text('from_fan_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    toFanId: text('to_fan_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    state: text('state').$type<TGoingInviteState>().notNull().default('invited'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.showId, t.toFanId, t.fromFanId] }),
    check('going_invites_state_check', oneOf(t.state, GOING_INVITE_STATES)),
    check('going_invites_self_check', sql`${t.fromFanId} <> ${t.toFanId}`),
    // "My open invites" (GET /api/social/invites).
    index('going_invites_to_state_idx').on(t.toFanId, t.state),
    // The inviter's side: a block or the data export finds the invites a fan sent.
    index('going_invites_from_idx').on(t.fromFanId),
  ],
);

/**
 * Show Pals notices to a fan (a pal request, an acceptance, a going-together invite). Like
 * show_notices, their ids come from alert_deliveries' sequence: one id order, one cursor and one
 * read mark across the whole notification centre.
 */
export const socialNotices = pgTable(
  'social_notices',
  {
    ...noticeKey(),
    kind: text('kind').$type<TSocialNoticeKind>().notNull(),
    /** The fan who asked, accepted or invited. */
    actorId: text('actor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The show of a going_invite; null for pal_request / pal_accepted. */
    showId: text('show_id').references(() => shows.id, { onDelete: 'cascade' }),
    ...noticeTimes(),
    /** When its email was handed over; null: none (yet, or email is off). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    check('social_notices_kind_check', oneOf(t.kind, SOCIAL_NOTICE_KINDS)),
    index('social_notices_user_idx').on(t.userId, t.id),
    // A block deletes the notices between two fans; deletion of the actor cascades.
    index('social_notices_actor_idx').on(t.actorId),
    index('social_notices_show_idx').on(t.showId),
  ],
);
