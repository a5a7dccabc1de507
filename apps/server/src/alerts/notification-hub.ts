import type { TNotification } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { decodeNotice } from '../db/show-notice-payload.ts';
import type { NotificationRepo } from '../repositories/notification.repo.ts';
import { decodeMatchedNotice } from './matched-notice.ts';
import { createPgListener, type PgListener } from './pg-listener.ts';

/** One open notification stream. */
export type StreamSink = {
  notification(item: TNotification): void;
  unread(count: number): void;
};

/**
 * Live updates for the notification streams open in THIS process. Whichever process matched an
 * event NOTIFYs its id and the fan range it just committed; the hub then reads, in one query, the
 * range's in-app rows for the fans connected here, and their unread counts. A read in another tab or process NOTIFYs the fan id.
 * A show notice (for a performer or venue) NOTIFYs its id and user.
 * The LISTEN connection opens with the first stream, so processes nobody streams from hold none.
 */
export function createNotificationHub(
  connection: pg.ClientConfig,
  repo: NotificationRepo,
  log: FastifyBaseLogger,
) {
  const sinks = new Map<string, Set<StreamSink>>();
  let listener: PgListener | undefined;

  const report = (error: unknown) => log.warn({ err: error }, 'notification stream update failed');

  async function pushCounts(fanIds: string[]) {
    if (fanIds.length === 0) return;
    const counts = await repo.unreadOf(fanIds);
    for (const [fanId, count] of counts)
      for (const sink of sinks.get(fanId) ?? []) sink.unread(count);
  }

  async function onMatched(payload: string) {
    // A big audience is committed one fan range at a time: read only the range just committed.
    const { eventId, range } = decodeMatchedNotice(payload);
    const items = await repo.ofEvent(eventId, [...sinks.keys()], range);
    for (const { fanId, ...item } of items) {
      for (const sink of sinks.get(fanId) ?? []) sink.notification(item);
    }
    await pushCounts([...new Set(items.map((i) => i.fanId))]);
  }

  /** A show notice for a performer or venue: read only when its user streams here. */
  async function onNotice(payload: string) {
    const notice = decodeNotice(payload);
    if (!notice || !sinks.has(notice.userId)) return;
    const found = await repo.notice(notice.noticeId);
    if (!found) return;
    const { fanId: userId, ...item } = found;
    for (const sink of sinks.get(userId) ?? []) sink.notification(item);
    await pushCounts([userId]);
  }

  function listen(): PgListener {
    const created = createPgListener(connection, log);
    created.on(PG_CHANNELS.matched, (payload) => void onMatched(payload).catch(report));
    created.on(PG_CHANNELS.notice, (payload) => void onNotice(payload).catch(report));
    created.on(PG_CHANNELS.read, (fanId) => {
      if (sinks.has(fanId)) void pushCounts([fanId]).catch(report);
    });
    // Notifications sent while the connection was down are gone: at least the counts catch up.
    created.onReconnect(() => void pushCounts([...sinks.keys()]).catch(report));
    return created;
  }

  return {
    /** Registers a stream once this process listens; answers the function that unregisters it. */
    async subscribe(fanId: string, sink: StreamSink): Promise<() => void> {
      listener ??= listen();
      await listener.ready();
      const set = sinks.get(fanId) ?? new Set();
      set.add(sink);
      sinks.set(fanId, set);
      return () => {
        set.delete(sink);
        if (set.size === 0 && sinks.get(fanId) === set) sinks.delete(fanId);
      };
    },
    async close() {
      await listener?.close();
      listener = undefined;
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
