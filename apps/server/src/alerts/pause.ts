/**
 * Waiting, shared by the dispatch loop (idle polls, database errors) and the outcome recorder
 * (database errors). Both back off the same way after a database error: a restarting Postgres
 * is waited out, never given up on.
 */

/** Back-off after database errors (a restarting Postgres): 0.5 s doubling to 30 s. */
export const ERROR_DELAY_MS = { first: 500, max: 30_000 };

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
