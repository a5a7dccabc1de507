import pg from 'pg';

/** One statement a request sent: on the app's pool, or on a connection of its own (a barrier). */
export type Trip = { on: 'pool' | 'listener'; text: string };

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Records every statement node-postgres sends while `run` runs: those on `pool`'s connections
 * (drizzle, executePrepared and better-auth all end in `Client.query`) and the `select 1`
 * barriers of the LISTEN connections (db/pg-listener.ts' `sync`), which belong to no pool. Other
 * statements outside the pool (a worker's poll) are left out. Run one request at a time.
 */
export function roundTripRecorder(pool: pg.Pool) {
  const ours = new WeakSet<pg.Client>();
  // Every pooled query checks a client out, and `acquire` fires before the query is sent.
  pool.on('acquire', (client) => ours.add(client as pg.Client));
  pool.on('connect', (client) => ours.add(client as pg.Client));

  return async function record(run: () => Promise<unknown>): Promise<Trip[]> {
    const trips: Trip[] = [];
    const prototype = pg.Client.prototype as unknown as { query: Query };
    const original = prototype.query;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = textOf(args[0]);
      if (ours.has(this)) trips.push({ on: 'pool', text });
      else if (text === 'select 1') trips.push({ on: 'listener', text });
      return original.apply(this, args);
    };
    try {
      await run();
      return trips;
    } finally {
      prototype.query = original;
    }
  };
}

function textOf(config: unknown): string {
  if (typeof config === 'string') return config;
  return String((config as { text?: unknown } | undefined)?.text ?? '');
}
