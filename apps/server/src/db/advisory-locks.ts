/**
 * Every Postgres advisory-lock key Encore takes, in one place, so no two purposes share a key by
 * accident and a reader can see what each one guards. Advisory locks are database-wide: every
 * process (API, worker, demo loader, CLI) on one database contends for the same keys.
 *
 * Two key spaces are used: single bigint keys (`pg_advisory_lock(key)`) and pairs of ints
 * (`pg_advisory_lock(classId, objId)`); Postgres keeps them apart, so a bigint key never collides
 * with a pair. The pairs' first number, 4541763, is 'ENC' in ASCII.
 */

/** A two-int advisory-lock key: pg_locks shows it as classid / objid with objsubid = 2. */
export type AdvisoryLockPair = { readonly classId: number; readonly objId: number };

/**
 * Serialises migration runs (db/migrate.ts): several API or worker processes may start at once
 * against one database; the second waits, then finds nothing to do. Session lock.
 */
export const MIGRATION_LOCK_KEY = 7_240_316_001;

/**
 * Serialises the demo-data load (demo/load-demo-data.ts): two processes starting on one empty
 * database load it once. Transaction lock.
 */
export const DEMO_LOAD_LOCK_KEY = 7_240_316_004;

/**
 * Serialises daily-digest releases (alerts/digest.ts): every worker runs the cron, so a second
 * release waits for the first to commit and then finds only rows held since. Transaction lock.
 */
export const DIGEST_RELEASE_LOCK_KEY = 0x656e636f; // 'enco'

/**
 * Fans' deletion versus delivery writes (repositories/alerts/match-locks.repo.ts). alert_deliveries
 * has no foreign keys, so every transaction writing deliveries holds this shared, and deleting
 * from "user" takes it exclusively first, in the trigger of migration 0013 — which repeats this
 * key as a literal in SQL (applied migrations stay as written; test/platform/advisory-locks.test.ts keeps the two equal).
 */
export const FAN_DELETION_LOCK: AdvisoryLockPair = { classId: 4541763, objId: 1 };

/**
 * Held shared by a matching session while it writes a big audience; dispatch loops look for it in
 * pg_locks (never take it) and pause meanwhile — the "big-match yield"
 * (repositories/alerts/match-locks.repo.ts).
 */
export const BIG_MATCH_LOCK: AdvisoryLockPair = { classId: 4541763, objId: 2 };

/**
 * The class of per-event match locks (repositories/alerts/match-locks.repo.ts): key (this,
 * hashtext(event id)), held by the one session matching that show event; a matcher that dies
 * lets go with its connection. Its own class so event hashes never meet the pairs above.
 */
export const MATCH_EVENT_LOCK_CLASS = 4541764;

/**
 * The class of per-performer announce locks (repositories/show-announce.repo.ts): key (this,
 * hashtext(performer id)), held for the announcing transaction, so two concurrent submissions of
 * one show (with or without an Idempotency-Key) are checked one after the other: never two shows.
 */
export const SHOW_ANNOUNCE_LOCK_CLASS = 4541765;

/**
 * The class of per-show faces locks: key (this, hashtext(show id) & 1023: shows share 1,024 keys
 * since migration 0056, so a bulk write takes at most that many), taken by show_faces_refresh
 * (0042, 0043, 0056, 0061) before it rebuilds a show's kept faces, so two transactions marking one show
 * rebuild it one after the other, the second reading the first's commit (instead of both
 * inserting the show's row, the second failing on its key). Repeated as a literal in those
 * migrations (test/platform/advisory-locks.test.ts and test/fans/show-faces-concurrency.test.ts
 * keep them equal).
 */
export const SHOW_FACES_LOCK_CLASS = 4541766;

/**
 * The class of per-fan faces locks: key (this, hashtext(fan id) & 1023: fans share 1,024 keys, so
 * a bulk write takes at most that many), taken by migration 0048's
 * triggers on going marks and on fans' settings before either reads the other's table, so a mark
 * and its fan's settings written at once by two transactions are counted into show_faces'
 * `going_shown` (and faces) one after the other, never each missing the other's row. Taken
 * before the per-show locks above. Repeated as a literal in that migration
 * (test/platform/advisory-locks.test.ts keeps them equal).
 */
export const SHOW_FACES_FAN_LOCK_CLASS = 4541767;

/**
 * The class of per-venue-night locks (repositories/venue-night.repo.ts): key (this, hashtext(venue id
 * and local date)), taken before a show is announced, confirmed by its venue or moved onto that
 * night, and before a booking request takes it, so two of them cannot each miss the other's show
 * (a venue's night holds one show unless the venue says it holds two). Taken before the
 * per-performer announce lock.
 */
export const VENUE_NIGHT_LOCK_CLASS = 4541768;

/**
 * Class of the per-performer artist-message lock (`pg_advisory_xact_lock(class, hashtext(performer
 * id))`): a performer's sends take turns, so two at once cannot both pass the rolling limit
 * (repositories/artist-message.repo.ts).
 */
export const ARTIST_MESSAGE_LOCK_CLASS = 4541769;
