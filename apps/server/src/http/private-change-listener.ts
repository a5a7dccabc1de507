import type { PgListener } from '../alerts/pg-listener.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { ownTag, type PrivateCache } from './private-cache.ts';

/**
 * Keeps one process' private cache true to the database: a table's change notice (migrations 0030
 * and 0033) drops the pages read from it; a fan-out's notice (its rows carry no trigger) drops the
 * pages of in-app alerts; a read mark drops its user's pages. While the connection is down the
 * cache is emptied and bypassed, as the public cache is. It shares the session cache's connection
 * (auth/session-change-listener.ts), so the two wait on the same round trips.
 */
export function listenForPrivateChanges(pages: PrivateCache, listener: PgListener): void {
  const { cache } = pages;
  listener.on(PG_CHANNELS.publicChanged, (table) => cache.invalidate(table || undefined));
  listener.on(PG_CHANNELS.matched, () => cache.invalidate('alert_deliveries'));
  listener.on(PG_CHANNELS.read, (userId) => cache.invalidate(userId ? ownTag(userId) : undefined));
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  pages.useSync(() => listener.sync());
}
