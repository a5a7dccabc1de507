import type { Database } from '../db/client.ts';

export function createHealthRepo(database: Database) {
  return {
    /** Round trip to Postgres; rejects when it is unreachable. */
    async ping(): Promise<void> {
      await database.pool.query('select 1');
    },
  };
}

export type HealthRepo = ReturnType<typeof createHealthRepo>;
