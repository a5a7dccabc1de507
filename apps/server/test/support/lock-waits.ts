import type pg from 'pg';

/** A statement and its values. */
export type Write = [text: string, values: unknown[]];

/**
 * Two transactions at once: `first` writes and holds its transaction open; `second` writes and
 * must wait on a lock the first holds (a row, a key or an advisory lock) until the first commits,
 * then commits itself. Throws when the second never waits, so a test of a race proves the race
 * happened instead of running the two one after the other.
 */
export async function writeWhileHeld(pool: pg.Pool, first: Write, second: Write) {
  const one = await pool.connect();
  const two = await pool.connect();
  try {
    await one.query('begin');
    await two.query('begin');
    await one.query(...first);
    const { rows } = await two.query<{ pid: number }>('select pg_backend_pid() as pid');
    const waiting = two.query(...second).then(
      () => two.query('commit'),
      async (error: Error) => {
        await two.query('rollback');
        throw error;
      },
    );
    // The first commits only once the second waits on it.
    await waitsOnALock(pool, rows[0]?.pid ?? 0);
    await one.query('commit');
    await waiting;
  } finally {
    one.release();
    two.release();
  }
}

/** Polls pg_stat_activity until the backend `pid` waits on a lock. */
export async function waitsOnALock(pool: pg.Pool, pid: number) {
  for (let polls = 0; polls < 1_000; polls += 1) {
    const { rows } = await pool.query<{ wait: string | null }>(
      'select wait_event_type as wait from pg_stat_activity where pid = $1',
      [pid],
    );
    if (rows[0]?.wait === 'Lock') return;
  }
  throw new Error('the second write never waited on the first');
}
