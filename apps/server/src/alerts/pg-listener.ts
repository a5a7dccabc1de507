import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

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
  close(): Promise<void>;
};

/**
 * A dedicated connection that LISTENs (a pooled one would be handed back and lose its LISTENs),
 * reconnecting with back-off when Postgres goes away, so a database restart never stops it.
 */
export function createPgListener(connection: pg.ClientConfig, log: FastifyBaseLogger): PgListener {
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

  const ready = connect();
  return {
    on(channel, handler) {
      const list = handlers.get(channel);
      if (list) {
        list.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      void ready.then(() => client?.query(`listen "${channel}"`).catch(() => {}));
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
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
