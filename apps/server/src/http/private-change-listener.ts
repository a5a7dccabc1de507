import { decodeMatchedNotice } from '../alerts/matched-notice.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import type { PgListener } from '../db/pg-listener.ts';
import { parseChangeNotice, userTag } from './cached-pages.ts';
import type { PrivateCache } from './private-cache.ts';

/**
 * Keeps one process' private cache true to the database: a table's change notice (migrations 0030,
 * 0033 and 0039) drops the pages read from it (or, for the rows it names, those that showed them);
 * a fan-out's notice (its rows carry no trigger) drops the pages of in-app alerts, only its fans'
 * when it names them (a small audience); a digest's release drops them all (its alerts no
 * longer wait); a read mark drops its user's pages. While the connection is down the
 * cache is emptied and bypassed, as the public cache is. It shares the session cache's connection
 * (auth/session-change-listener.ts), so the two wait on the same round trips.
 */
export function listenForPrivateChanges(pages: PrivateCache, listener: PgListener): void {
  const { cache } = pages;
  listener.on(PG_CHANNELS.publicChanged, (payload) => cache.invalidate(parseChangeNotice(payload)));
  listener.on(PG_CHANNELS.matched, (payload) => {
    const { fans } = decodeMatchedNotice(payload);
    cache.invalidate({ table: 'alert_deliveries', ...(fans && { tags: fans.map(userTag) }) });
  });
  listener.on(PG_CHANNELS.digestReleased, () => cache.invalidate({ table: 'alert_deliveries' }));
  listener.on(PG_CHANNELS.read, (userId) =>
    cache.invalidate(userId ? { tags: [userTag(userId)] } : {}),
  );
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  pages.useBarrier(listener.barrier);
}
