import { afterAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { budget } from '../support/budget.ts';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * A pool closed while work still waits for one of its connections serves that work first
 * (db/client.ts' close). pg-pool's `end` serves no waiter: it waited out its connection timeout and
 * failed, and graphile-worker's completion of a job (not awaited, so nothing caught it) then became
 * an unhandled rejection a minute after the alert workers had stopped (issue 32).
 */
let main: Database | undefined;

afterAll(async () => {
  await main?.close();
});

it('serves a query that waits for a connection before the pool ends', async () => {
  const { url, database } = await createTestDatabase();
  main = database;
  const db = createDatabase(url, { max: 1, connectionTimeoutMillis: budget(5_000) });
  const busy = await db.pool.connect();
  // Queued: the pool's one connection is taken.
  const waiting = db.pool.query<{ one: number }>('select 1 as one');
  expect(db.pool.waitingCount).toBe(1);
  const closed = db.close();
  busy.release();
  expect((await waiting).rows[0]?.one).toBe(1);
  await closed;
  expect(db.pool.totalCount).toBe(0);
});
