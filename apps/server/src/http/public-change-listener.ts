import type { FastifyBaseLogger } from 'fastify';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { createPgListener, type ListenConnection, type PgListener } from '../db/pg-listener.ts';
import { parseChangeNotice } from './cached-pages.ts';
import type { PublicCache } from './public-cache.ts';

/** Its name in pg_stat_activity: an operator (or a test) tells this connection from the pool's. */
export const PUBLIC_CHANGES_CONNECTION = 'encore public changes';

/**
 * Keeps one process' public cache true to the database: each change notice (migrations 0030
 * and 0039: the table's name and, for the busy tables, the tags of the rows changed, sent when the
 * writing transaction commits) drops the pages that read that table, or showed those rows.
 * Each API process listens on its own connection, so every process' cache hears every commit.
 * While the connection is down notices are lost: the cache is emptied and bypassed until it
 * listens again (so it starts empty after every reconnect, and serves uncached meanwhile).
 * A write's answer waits for this connection's round trip (`noticesHandled`,
 * http/own-writes-seen.ts), so its writer's next read finds the pages it changed gone.
 */
export function listenForPublicChanges(
  cache: PublicCache,
  connection: ListenConnection,
  log: FastifyBaseLogger,
): PgListener {
  const listener = createPgListener(
    { ...connection, application_name: PUBLIC_CHANGES_CONNECTION },
    log,
  );
  listener.on(PG_CHANNELS.publicChanged, (payload) =>
    cache.cache.invalidate(parseChangeNotice(payload)),
  );
  listener.onListening(() => cache.cache.setEnabled(true));
  listener.onLost(() => cache.cache.setEnabled(false));
  cache.noticesHandled = () => listener.sync();
  return listener;
}
