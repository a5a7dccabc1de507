import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createPgListener, type PgListener } from '../alerts/pg-listener.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import type { PublicCache } from './public-cache.ts';

/**
 * Keeps one process' public cache true to the database: each change notice (migration 0030: the
 * table's name, sent when the writing transaction commits) drops the pages read from that table.
 * Each API process listens on its own connection, so every process' cache hears every commit.
 * While the connection is down notices are lost: the cache is emptied and bypassed until it
 * listens again (so it starts empty after every reconnect, and serves uncached meanwhile).
 */
export function listenForPublicChanges(
  cache: PublicCache,
  connection: pg.ClientConfig,
  log: FastifyBaseLogger,
): PgListener {
  const listener = createPgListener(connection, log);
  listener.on(PG_CHANNELS.publicChanged, (table) => cache.cache.invalidate(table || undefined));
  listener.onListening(() => cache.cache.setEnabled(true));
  listener.onLost(() => cache.cache.setEnabled(false));
  return listener;
}
