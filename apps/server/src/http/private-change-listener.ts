import type { FastifyBaseLogger } from 'fastify';
import { decodeMatchedNotice } from '../alerts/matched-notice.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import type { PgListener } from '../db/pg-listener.ts';
import { parseChangeNotice, userTag } from './cached-pages.ts';
import type { PrivateCache } from './private-cache.ts';

/** Which of the given fans an event's fan-out alerted (repositories/alerts/matched-fans.repo.ts). */
export type MatchedAmong = (eventId: string, fanIds: readonly string[]) => Promise<string[]>;

/**
 * Keeps one process' private cache true to the database: a table's change notice (migrations 0030,
 * 0033 and 0039) drops the pages read from it (or, for the rows it names, those that showed them);
 * a fan-out's notice (its rows carry no trigger) drops the pages of in-app alerts, its fans' only:
 * a small audience's notice names them, and for a big one (too many to name) the process asks
 * which of the fans it keeps pages for were alerted (`matchedAmong`, one probe of the outbox's key
 * each) — it used to drop every fan's in-app pages, a burst of misses with every announcement to
 * more than ~200 fans (bench:drops). Until that answer is in, requests wait at the barrier, as they
 * wait for the notices themselves. A digest's release drops them all (its alerts no longer wait);
 * a read mark drops its user's pages. While the connection is down the cache is emptied and
 * bypassed, as the public cache is. It shares the session cache's connection
 * (auth/session-change-listener.ts), so the two wait on the same round trips.
 */
export function listenForPrivateChanges(
  pages: PrivateCache,
  listener: PgListener,
  matchedAmong: MatchedAmong,
  log: FastifyBaseLogger,
): void {
  const { cache } = pages;
  /** The big fan-outs' probes not answered yet: the barrier waits for them. */
  const probes = new Set<Promise<void>>();

  function dropMatched(eventId: string) {
    const asked = pages.keptUsers();
    const probe = matchedAmong(eventId, asked)
      .then((alerted) => {
        // A fan whose page was kept while the probe ran was not asked about: dropped unasked.
        const askedSet = new Set(asked);
        const keptSince = pages.keptUsers().filter((user) => !askedSet.has(user));
        cache.invalidate({
          table: 'alert_deliveries',
          tags: [...alerted, ...keptSince].map(userTag),
        });
      })
      .catch((error) => {
        log.warn({ err: error }, 'fan-out probe failed: every in-app page dropped');
        cache.invalidate({ table: 'alert_deliveries' });
      })
      .finally(() => probes.delete(probe));
    probes.add(probe);
  }

  listener.on(PG_CHANNELS.publicChanged, (payload) => cache.invalidate(parseChangeNotice(payload)));
  listener.on(PG_CHANNELS.matched, (payload) => {
    const { eventId, fans, reach } = decodeMatchedNotice(payload);
    // A big audience's reach (decision 064): every in-app page goes at its beginning (each fan
    // reached has the alert now, and no row yet for a probe to find) and at its end (pages
    // read while it lasted read the fans' settings and alerts, which no notice follows).
    if (reach) cache.invalidate({ table: 'alert_deliveries' });
    else if (fans) cache.invalidate({ table: 'alert_deliveries', tags: fans.map(userTag) });
    else dropMatched(eventId);
  });
  listener.on(PG_CHANNELS.digestReleased, () => cache.invalidate({ table: 'alert_deliveries' }));
  listener.on(PG_CHANNELS.read, (userId) =>
    cache.invalidate(userId ? { tags: [userTag(userId)] } : {}),
  );
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  pages.useBarrier(async (request) => {
    const synced = await listener.barrier(request);
    // The probes of the fan-outs heard before this request: their drops come first.
    if (probes.size > 0) await Promise.all([...probes]);
    return synced;
  });
}
