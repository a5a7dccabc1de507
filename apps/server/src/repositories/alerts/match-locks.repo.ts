import { sql } from 'drizzle-orm';
import {
  type AdvisoryLockPair,
  BIG_MATCH_LOCK,
  FAN_DELETION_LOCK,
  MATCH_EVENT_LOCK_CLASS,
} from '../../db/advisory-locks.ts';

/** A two-int key written into the statement as literals, as the statements always were. */
const pair = (key: AdvisoryLockPair) => sql.raw(`${key.classId}, ${key.objId}`);

/**
 * The matcher's advisory locks (keys in db/advisory-locks.ts).
 *
 * alert_deliveries has no foreign keys (migration 0013): a fan deleted while their deliveries are
 * being written would leave rows the deletion's trigger could not see yet. So every transaction
 * that writes deliveries holds the first lock shared, and a deletion from "user" takes it
 * exclusively before it deletes anything (a trigger): it waits for the writes in progress, and the
 * next write, starting after it, no longer sees the fan.
 */
const FAN_DELETION = pair(FAN_DELETION_LOCK);
/** The second class: one key per show event, held by the session matching it. */
const EVENT_CLASS = MATCH_EVENT_LOCK_CLASS;

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

/**
 * Held (shared, by the matching session) while a match writes a big audience. Dispatch loops
 * pause while it is held (alerts/dispatch-loop.ts): on the bench's two cores, sending while 500,000
 * fans are written doubled the time until the last of them had their in-app alert
 * (docs/performance.md). A matcher that dies lets go with its connection.
 */
const BIG_MATCH = pair(BIG_MATCH_LOCK);

export const beginBigMatchSql = sql`select pg_advisory_lock_shared(${BIG_MATCH})`;
export const endBigMatchSql = sql`select pg_advisory_unlock_shared(${BIG_MATCH})`;

/** Whether a session of this database holds the big-match lock (looked at, never taken). */
export const bigMatchWritingSql = sql`
  select exists (
    select 1 from pg_locks
    where locktype = 'advisory' and granted and classid = ${sql.raw(String(BIG_MATCH_LOCK.classId))}
      and objid = ${sql.raw(String(BIG_MATCH_LOCK.objId))} and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())
  ) as writing`;
