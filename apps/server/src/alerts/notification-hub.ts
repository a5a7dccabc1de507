import type { TNotification } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { createPgListener, type ListenConnection, type PgListener } from '../db/pg-listener.ts';
import { decodeNotice } from '../db/show-notice-payload.ts';
import type { NotificationRepo } from '../repositories/notification.repo.ts';
import { decodeMatchedNotice } from './matched-notice.ts';

/** One open notification stream. */
export type StreamSink = {
  notification(item: TNotification): void;
  unread(count: number): void;
};

/**
 * Live updates for the notification streams open in THIS process. Whichever process matched an
 * event NOTIFYs its id and the fan range it just committed; the hub then reads, in one query, the
 * range's in-app rows for the fans connected here, and their unread counts. A big audience is
 * reached before its ranges are written (decision 064): at its reach's notice the hub reads the
 * alerts of every fan connected here, and its ranges' notices send those fans nothing more. A read in another tab or process NOTIFYs the fan id.
 * A show notice (for a performer or venue) or a Show Pals notice (for a fan) NOTIFYs its id and
 * user. An artist message NOTIFYs its id once, at the commit of its send: the hub reads its
 * in-app rows of the fans connected here.
 * The LISTEN connection opens with the first stream, so processes nobody streams from hold none.
 * NOTIFYs sent while that connection is down are lost, so each user's newest streamed id is kept
 * and, when the connection comes back, whatever is newer is read and streamed (the client drops
 * an id it already has), then the counts.
 */
export function createNotificationHub(
  connection: ListenConnection,
  repo: NotificationRepo,
  log: FastifyBaseLogger,
) {
  const sinks = new Map<string, Set<StreamSink>>();
  /** Per streaming user: the newest alert or notice id they were sent or already had. */
  const seen = new Map<string, number>();
  let listener: PgListener | undefined;
  /**
   * Per big audience being reached (decision 064): the streaming fans its reach's notice gave
   * the alert, whose ranges' notices then send it no more.
   */
  const reachedHere = new Map<string, Promise<Set<string>>>();

  function send(userId: string, item: TNotification) {
    for (const sink of sinks.get(userId) ?? []) sink.notification(item);
    if (Number(item.id) > (seen.get(userId) ?? 0)) seen.set(userId, Number(item.id));
  }

  const report = (error: unknown) => log.warn({ err: error }, 'notification stream update failed');

  async function pushCounts(fanIds: string[]) {
    if (fanIds.length === 0) return;
    const counts = await repo.unreadOf(fanIds);
    for (const [fanId, count] of counts)
      for (const sink of sinks.get(fanId) ?? []) sink.unread(count);
  }

  async function onMatched(payload: string) {
    // A big audience is committed one fan range at a time: read only the range just committed.
    const { eventId, range, outbound, reach } = decodeMatchedNotice(payload);
    // A reach's end adds nothing: every fan streaming had its alert at its beginning (decision
    // 064), which reads the streaming fans the whole audience reaches (ALL_FANS, the range).
    if (reach === 'ended') {
      reachedHere.delete(eventId);
      return;
    }
    // Taken now, in notice order: the reach's read may still be running.
    const reachedBefore = reachedHere.get(eventId);
    const read = repo.ofEvent(eventId, [...sinks.keys()], range);
    if (reach === 'begun') {
      reachedHere.set(
        eventId,
        read.then((found) => new Set(found.map((i) => i.fanId))).catch(() => new Set<string>()),
      );
    }
    const sentAtReach = outbound ? undefined : await reachedBefore;
    const items = (await read).filter((i) => !sentAtReach?.has(i.fanId));
    if (outbound) {
      // A big audience's outbound pass (decision 056) adds no item, and no unread: the streams had
      // the items already. Those now waiting for the daily digest go again, with that line.
      for (const { fanId, ...item } of items) if (item.inDigest.length > 0) send(fanId, item);
      return;
    }
    for (const { fanId, ...item } of items) send(fanId, item);
    await pushCounts([...new Set(items.map((i) => i.fanId))]);
  }

  /** A show notice or a Show Pals notice: read only when its user streams here. */
  async function onNotice(payload: string) {
    const notice = decodeNotice(payload);
    if (!notice || !sinks.has(notice.userId)) return;
    const found = await repo.notice(notice.noticeId);
    if (!found) return;
    const { fanId: userId, ...item } = found;
    send(userId, item);
    await pushCounts([userId]);
  }

  /** An artist message just sent: its in-app items for the fans streaming here, then counts. */
  async function onArtistMessage(messageId: string) {
    if (sinks.size === 0) return;
    const items = await repo.ofArtistMessage(messageId, [...sinks.keys()]);
    for (const { fanId, ...item } of items) send(fanId, item);
    await pushCounts(items.map((i) => i.fanId));
  }

  /** After a lost LISTEN connection: stream what each user missed, then their counts. */
  async function catchUp() {
    const users = [...sinks.keys()];
    if (users.length === 0) return;
    const from = Math.min(...users.map((u) => seen.get(u) ?? 0));
    for (const { fanId, ...item } of await repo.after(users, from)) {
      if (Number(item.id) > (seen.get(fanId) ?? 0)) send(fanId, item);
    }
    await pushCounts(users);
  }

  function listen(): PgListener {
    const created = createPgListener(connection, log);
    created.on(PG_CHANNELS.matched, (payload) => void onMatched(payload).catch(report));
    created.on(PG_CHANNELS.notice, (payload) => void onNotice(payload).catch(report));
    created.on(PG_CHANNELS.artistMessage, (id) => void onArtistMessage(id).catch(report));
    created.on(PG_CHANNELS.read, (fanId) => {
      if (sinks.has(fanId)) void pushCounts([fanId]).catch(report);
    });
    // NOTIFYs sent while the connection was down are gone: read what they announced.
    created.onReconnect(() => void catchUp().catch(report));
    return created;
  }

  return {
    /** Registers a stream once this process listens; answers the function that unregisters it. */
    async subscribe(fanId: string, sink: StreamSink): Promise<() => void> {
      listener ??= listen();
      await listener.ready();
      if (!seen.has(fanId)) seen.set(fanId, await repo.latestId());
      const set = sinks.get(fanId) ?? new Set();
      set.add(sink);
      sinks.set(fanId, set);
      return () => {
        set.delete(sink);
        if (set.size === 0 && sinks.get(fanId) === set) {
          sinks.delete(fanId);
          seen.delete(fanId);
        }
      };
    },
    async close() {
      await listener?.close();
      listener = undefined;
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
