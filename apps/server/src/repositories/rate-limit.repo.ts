import { lt, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { rateLimitCounter } from '../db/schema/index.ts';

export type Hit = { hits: number; retryAfterSeconds: number };

export function createRateLimitRepo(orm: Orm) {
  return {
    /**
     * Counts one request in the current fixed window and returns the window's total. One atomic
     * upsert, computed with the database's clock, so every API process shares the same counters.
     */
    async hit(bucket: string, clientKey: string, windowSeconds: number): Promise<Hit> {
      const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
      const [row] = await orm
        .insert(rateLimitCounter)
        .values({ bucket, clientKey, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounter.bucket, rateLimitCounter.clientKey],
          set: {
            hits: sql`case when ${rateLimitCounter.windowStart} = excluded.window_start
              then ${rateLimitCounter.hits} + 1 else 1 end`,
            windowStart: sql`excluded.window_start`,
          },
        })
        .returning({
          hits: rateLimitCounter.hits,
          retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from
            ${rateLimitCounter.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
        });
      if (!row) throw new Error('rate limit upsert returned no row');
      return row;
    },

    /** Deletes counters whose window ended before `olderThanSeconds` ago. */
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
