import { DNotificationPage } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PATH, notificationKeys, UNREAD_COUNT_QUERY } from '@/api/notification-keys';
import { apiRequest } from '@/lib/api-client';

/** The one-item page the count is read from (the frame's route may have started it early). */
export function getUnreadCount(signal?: AbortSignal) {
  return apiRequest(NOTIFICATIONS_PATH, {
    query: UNREAD_COUNT_QUERY,
    schema: DNotificationPage,
    signal,
  });
}

/**
 * The bell's unread count. The stream sends it on connect and on every change (written straight
 * into this cache entry); the one-item page is the start value when the stream is not up yet.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) => (await getUnreadCount(signal)).unread,
    enabled,
    // The stream keeps it fresh; refetching on focus would only race it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
