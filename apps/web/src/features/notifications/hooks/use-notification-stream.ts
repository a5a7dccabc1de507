import {
  DNotification,
  DUnreadCount,
  NOTIFICATION_STREAM_EVENTS,
  type StandardSchemaV1,
  type TNotification,
} from '@encore/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { notificationKeys } from '@/api/notification-keys';
import type { NotificationPages } from '../api/get-notifications';

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/**
 * Keeps the bell and the centre live: one EventSource per tab while `enabled` (a signed-in fan),
 * closed on logout or unmount. EventSource reconnects by itself, and the server sends the unread
 * count again on every connect, so a dropped connection heals without our help.
 */
export function useNotificationStream(
  enabled: boolean,
  onOpenShow: (notification: TNotification) => void,
) {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Browsers without EventSource (and the test DOM) still get the count from the first fetch.
    if (!enabled || typeof globalThis.EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_STREAM_URL);

    const onUnread = (event: MessageEvent<string>) => {
      const unread = decode(DUnreadCount, event.data);
      if (unread) queryClient.setQueryData(notificationKeys.unread, unread.unread);
    };
    const onNotification = (event: MessageEvent<string>) => {
      const notification = decode(DNotification, event.data);
      if (!notification) return;
      const isNew = prependNotification(queryClient, notification);
      if (!isNew) return;
      // A list fetch under way may have been read before this alert was written, and its answer
      // would replace the list it was just added to: drop it and fetch again (the alert is
      // committed now). Invalidating alone would join a first load's fetch, not replace it.
      const list = { queryKey: notificationKeys.list };
      if (queryClient.isFetching(list) > 0) {
        void queryClient.cancelQueries(list).then(() => queryClient.invalidateQueries(list));
      }
      // The server's `unread` event that follows carries the exact count; this is the same
      // number a moment earlier.
      if (notification.readAt === null) {
        queryClient.setQueryData<number>(notificationKeys.unread, (n) => (n ?? 0) + 1);
      }
      // A hidden tab keeps quiet: the fan sees the badge when they come back.
      if (document.visibilityState === 'visible') {
        toast(notification.title, {
          description: notification.body,
          action: { label: 'View', onClick: () => onOpenShow(notification) },
        });
      }
    };

    source.addEventListener(NOTIFICATION_STREAM_EVENTS.unread, onUnread);
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, onNotification);
    return () => {
      source.removeEventListener(NOTIFICATION_STREAM_EVENTS.unread, onUnread);
      source.removeEventListener(NOTIFICATION_STREAM_EVENTS.notification, onNotification);
      source.close();
    };
  }, [enabled, queryClient, onOpenShow]);
}

/** A message's JSON checked by its decoder (zod-free: the frame loads no zod, decision 023). */
function decode<T>(decoder: StandardSchemaV1<unknown, T>, data: string): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const result = decoder['~standard'].validate(value);
  return result instanceof Promise || result.issues ? undefined : result.value;
}

/**
 * Puts a live alert at the top of the cached list (if the centre was loaded), once: a reconnect
 * may replay it, and an alert sent again replaces its copy where it stands. Answers whether it
 * was new to this tab.
 */
function prependNotification(queryClient: QueryClient, notification: TNotification): boolean {
  let isNew = true;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (old) => {
    if (!old) return old;
    if (old.pages.some((page) => page.items.some((n) => n.id === notification.id))) {
      // Sent again (a replay, or a big announcement's alert once its digest rows are written,
      // decision 056): updated where it stands, read state kept, no second toast.
      isNew = false;
      return {
        ...old,
        pages: old.pages.map((page) => ({
          ...page,
          items: page.items.map((n) =>
            n.id === notification.id
              ? { ...notification, readAt: n.readAt ?? notification.readAt }
              : n,
          ),
        })),
      };
    }
    const [first, ...rest] = old.pages;
    if (!first) return old;
    return { ...old, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
  });
  return isNew;
}
