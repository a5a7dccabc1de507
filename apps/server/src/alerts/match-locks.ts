import { sql } from 'drizzle-orm';

/**
 * The matcher's advisory locks (two-int keys; the first number is ours, 'ENC' in ASCII).
 *
 * alert_deliveries has no foreign keys (migration 0013): a fan deleted while their deliveries are
 * being written would leave rows the deletion's trigger could not see yet. So every transaction
 * that writes deliveries holds the first lock shared, and a deletion from "user" takes it
 * exclusively before it deletes anything (a trigger): it waits for the writes in progress, and the
 * next write, starting after it, no longer sees the fan.
 */
const FAN_DELETION = sql.raw('4541763, 1');
/** The second class: one key per show event, held by the session matching it. */
const EVENT_CLASS = 4541764;

/** First statement of a transaction that writes deliveries. */
export const holdFanDeletionsSql = sql`select pg_advisory_xact_lock_shared(${FAN_DELETION})`;

/**
 * Claims an event for this session until released: only one session matches an event at a time,
 * and a matcher that dies lets go with its connection. Event ids are hashed to the lock's 32 bits;
 * two events that collide only take turns.
 */
export const claimEventSql = (eventId: string) =>
  sql`select pg_try_advisory_lock(${EVENT_CLASS}, hashtext(${eventId})) as claimed`;

export const releaseEventSql = (eventId: string) =>
  sql`select pg_advisory_unlock(${EVENT_CLASS}, hashtext(${eventId}))`;
