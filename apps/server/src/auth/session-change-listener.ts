import type { FastifyBaseLogger } from 'fastify';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { createPgListener, type ListenConnection, type PgListener } from '../db/pg-listener.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * Keeps one process' session cache true to the database: each notice (migration 0032: the ids of
 * the users whose sessions or user row a statement changed, sent when it commits) drops those
 * users' cached sessions. While the connection is down notices are lost: the cache is emptied and
 * bypassed until it listens again, as the public cache does (http/public-change-listener.ts).
 */
export function listenForSessionChanges<U>(
  cache: SessionCache<U>,
  connection: ListenConnection,
  log: FastifyBaseLogger,
): PgListener {
  const listener = createPgListener(connection, log);
  listener.on(PG_CHANNELS.sessionChanged, (payload) =>
    cache.dropUsers(payload ? payload.split(',') : undefined),
  );
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  return listener;
}
