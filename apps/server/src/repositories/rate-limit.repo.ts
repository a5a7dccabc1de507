import { lt, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { rateLimitCounter } from '../db/schema/index.ts';

export type Hit = { clientKey: string; hits: number; retryAfterSeconds: number };

/** Hits counted elsewhere (in one API process' memory), added to the shared count at once. */
export type CountedHits = { bucket: string; clientKey: string; hits: number };
/** A key's shared total after `add`, and how long its window still runs (ms, ≥ 0). */
export type SharedCount = CountedHits & { windowLeftMs: number };

export function createRateLimitRepo(orm: Orm) {
  return {
    /**
     * Counts one request against each of `clientKeys` (a client address, an account) and returns
     * each one's total in its window. A key's window starts at its first request and lasts
     * `windowSeconds`; the next request after that starts a new one. Anchored to the key rather
     * than to the clock, a burst never straddles two windows by chance (and tests need not wait
     * for a window's end). One atomic upsert, on the database's clock, so every API process
     * shares the counters.
     */
    async hit(
      bucket: string,
      clientKeys: readonly string[],
      windowSeconds: number,
    ): Promise<Hit[]> {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const current = sql`${rateLimitCounter.windowStart} > now() - ${window}`;
      // Always in the same order, so two requests locking the same two rows cannot deadlock.
      const keys = [...new Set(clientKeys)].sort();
      return orm
        .insert(rateLimitCounter)
        .values(keys.map((clientKey) => ({ bucket, clientKey, windowStart: sql`now()`, hits: 1 })))
        .onConflictDoUpdate({
          target: [rateLimitCounter.bucket, rateLimitCounter.clientKey],
          set: {
            hits: sql`case when ${current} then ${rateLimitCounter.hits} + 1 else 1 end`,
            windowStart: sql`case when ${current} then ${rateLimitCounter.windowStart} else now() end`,
          },
        })
        .returning({
          clientKey: rateLimitCounter.clientKey,
          hits: rateLimitCounter.hits,
          retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from
            ${rateLimitCounter.windowStart} + ${window} - now())))::int`,
        });
    },

    /**
     * Adds each row's hits to its key's count, as `hit` does one (same windows, same rows), in one
     * statement for every key a process counted since its last call; returns the totals, which
     * include what the other processes added.
     */
    async add(rows: readonly CountedHits[], windowSeconds: number): Promise<SharedCount[]> {
      if (rows.length === 0) return [];
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const current = sql`${rateLimitCounter.windowStart} > now() - ${window}`;
      // Sorted as `hit` sorts, so two processes adding the same keys cannot deadlock.
      const id = (row: CountedHits) => `${row.bucket}\n${row.clientKey}`;
      const sorted = [...rows].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
      return orm
        .insert(rateLimitCounter)
        .values(sorted.map((row) => ({ ...row, windowStart: sql`now()` })))
        .onConflictDoUpdate({
          target: [rateLimitCounter.bucket, rateLimitCounter.clientKey],
          set: {
            hits: sql`case when ${current} then ${rateLimitCounter.hits} + excluded.hits
              else excluded.hits end`,
            windowStart: sql`case when ${current} then ${rateLimitCounter.windowStart} else now() end`,
          },
        })
        .returning({
          bucket: rateLimitCounter.bucket,
          clientKey: rateLimitCounter.clientKey,
          hits: rateLimitCounter.hits,
          windowLeftMs: sql<number>`greatest(0, extract(epoch from
            ${rateLimitCounter.windowStart} + ${window} - now()) * 1000)::float8`,
        });
    },

    /** Deletes counters whose window started before `olderThanSeconds` ago. */
    async prune(olderThanSeconds: number): Promise<void> {
      await orm
        .delete(rateLimitCounter)
        .where(
          lt(rateLimitCounter.windowStart, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        );
    },
  };
}

export type RateLimitRepo = ReturnType<typeof createRateLimitRepo>;
