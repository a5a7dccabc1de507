import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createPgListener, type PgListener } from '../alerts/pg-listener.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { ownTag, type PrivateCache } from './private-cache.ts';

/**
 * Keeps one process' private cache true to the database: a table's change notice (migrations 0030
 * and 0032) drops the pages read from it; a fan-out's notice (its rows carry no trigger) drops the
 * pages of in-app alerts; a read mark drops its user's pages. While the connection is down the
 * cache is emptied and bypassed, as the public cache is.
 */
export function listenForPrivateChanges(
  pages: PrivateCache,
  connection: pg.ClientConfig,
  log: FastifyBaseLogger,
): PgListener {
  const { cache } = pages;
  const listener = createPgListener(connection, log);
  listener.on(PG_CHANNELS.publicChanged, (table) => cache.invalidate(table || undefined));
  listener.on(PG_CHANNELS.matched, () => cache.invalidate('alert_deliveries'));
  listener.on(PG_CHANNELS.read, (userId) => cache.invalidate(userId ? ownTag(userId) : undefined));
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  pages.useSync(() => listener.sync());
  return listener;
}
