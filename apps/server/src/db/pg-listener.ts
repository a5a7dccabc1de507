import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Where a listener connects: the pool's own settings (`Database.pool.options`) will do. */
export type ListenConnection = pg.ClientConfig;

const RECONNECT_MS = { first: 500, max: 15_000 };

export type PgListener = {
  /** Calls `handler` with each notification's payload on `channel`. */
  on(channel: string, handler: (payload: string) => void): void;
  /** Calls `handler` after each reconnection: notifications sent meanwhile were lost. */
  onReconnect(handler: () => void): void;
  /** Calls `handler` each time the connection listens, the first time included. */
  onListening(handler: () => void): void;
  /** Calls `handler` when a listening connection is lost (until the next onListening). */
  onLost(handler: () => void): void;
  /** Settles once the first connection attempt (with its LISTENs) is over. */
  ready(): Promise<void>;
  /**
   * Resolves true once every notification committed before the call has been handled (false when
   * not listening: some may be lost). One round trip on the listening connection: Postgres sends a
   * listener its pending notifications before the ReadyForQuery of its next command, and a
   * notifying commit signals the listeners before it returns. Concurrent callers share a round
   * trip that started after they called.
   */
  sync(): Promise<boolean>;
  /**
   * `sync` once per request (any object that lives as long as it: the raw request): the session
   * check, the private page cache and Your Alerts' show fragments all need "every notice committed
   * before this request was handled", and one round trip settles that for all three (decision 053).
   */
  barrier(request: object): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * A dedicated connection that LISTENs (a pooled one would be handed back and lose its LISTENs),
 * reconnecting with back-off when Postgres goes away, so a database restart never stops it.
 */
export function createPgListener(connection: ListenConnection, log: FastifyBaseLogger): PgListener {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  const reconnectHandlers: Array<() => void> = [];
  const listeningHandlers: Array<() => void> = [];
  const lostHandlers: Array<() => void> = [];
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MS.first;
  let connectedOnce = false;

  async function connect() {
    if (closed) return;
    const next = new pg.Client(connection);
    next.on('error', () => reconnectLater(next));
    next.on('end', () => reconnectLater(next));
    next.on('notification', ({ channel, payload }) => {
      for (const handler of handlers.get(channel) ?? []) handler(payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen "${channel}"`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      delay = RECONNECT_MS.first;
      if (connectedOnce) for (const handler of reconnectHandlers) handler();
      connectedOnce = true;
      for (const handler of listeningHandlers) handler();
    } catch (error) {
      log.warn({ err: error }, 'LISTEN connection failed; retrying');
      reconnectLater(next);
    }
  }

  function reconnectLater(failed: pg.Client) {
    failed.end().catch(() => {});
    if (client === failed) {
      client = undefined;
      for (const handler of lostHandlers) handler();
    }
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MS.max);
  }

  /** The LISTENs sent by `on` after the first connection, chained (the sync waits for them). */
  let commands: Promise<unknown> = Promise.resolve();
  let syncInFlight: Promise<boolean> | undefined;
  let syncQueued: Promise<boolean> | undefined;

  async function roundTrip(): Promise<boolean> {
    // After a late LISTEN: node-postgres wants one command at a time on a client.
    await commands;
    const listening = client;
    if (!listening) return false;
    try {
      await listening.query('select 1');
    } catch {
      return false;
    }
    // Still the same connection afterwards: none of its notifications can have been missed.
    return client === listening;
  }

  function startSync(): Promise<boolean> {
    const trip = roundTrip();
    syncInFlight = trip;
    const done = () => {
      if (syncInFlight === trip) syncInFlight = undefined;
    };
    void trip.then(done);
    return trip;
  }

  function sync(): Promise<boolean> {
    // A round trip already sent may have passed the caller's moment: join the next one.
    if (syncQueued) return syncQueued;
    if (!syncInFlight) return startSync();
    syncQueued = syncInFlight.then(() => {
      syncQueued = undefined;
      return startSync();
    });
    return syncQueued;
  }

  /** Each request's one barrier (a WeakMap: dropped with the request). */
  const barriers = new WeakMap<object, Promise<boolean>>();

  const ready = connect();
  return {
    on(channel, handler) {
      const list = handlers.get(channel);
      if (list) {
        list.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      // One after another: node-postgres deprecates a second query on a busy client.
      commands = commands
        .then(() => ready)
        .then(() => client?.query(`listen "${channel}"`))
        .catch(() => {});
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    onListening(handler) {
      listeningHandlers.push(handler);
    },
    onLost(handler) {
      lostHandlers.push(handler);
    },
    ready: () => ready,
    sync,
    barrier(request) {
      let passed = barriers.get(request);
      if (!passed) {
        passed = sync();
        barriers.set(request, passed);
      }
      return passed;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
