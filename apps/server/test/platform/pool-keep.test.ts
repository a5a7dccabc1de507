import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { createDatabase, type Database, IDLE_CONNECTION_MS } from '../../src/db/client.ts';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * The service's pools keep their connections (decision 065): a new Postgres backend pays for its
 * login, its catalog caches and its first write to each page of shared memory. A tool's, test's
 * or bench's pool closes a connection idle for IDLE_CONNECTION_MS. pg-pool's idle timer is a
 * setTimeout, faked here once the connections are open, so no test waits 30 s.
 */
let main: Database | undefined;
const pools: Database[] = [];

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await main?.close();
});

/** Opens three connections, returns them, and lets the idle timeout pass: the pool's count. */
async function openAfterIdle(keepConnections: boolean): Promise<number> {
  if (!main) main = (await createTestDatabase()).database;
  const url = main.pool.options.connectionString ?? '';
  const db = createDatabase(url, { max: 3, keepConnections });
  pools.push(db);
  const clients = await Promise.all([db.pool.connect(), db.pool.connect(), db.pool.connect()]);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  for (const client of clients) client.release();
  expect(db.pool.idleCount).toBe(3);
  vi.advanceTimersByTime(IDLE_CONNECTION_MS + 1);
  return db.pool.totalCount;
}

it('closes idle connections after the idle timeout by default', async () => {
  expect(await openAfterIdle(false)).toBe(0);
});

it("keeps idle connections open when asked to (the API's, the worker's, the alert workers')", async () => {
  expect(await openAfterIdle(true)).toBe(3);
});
