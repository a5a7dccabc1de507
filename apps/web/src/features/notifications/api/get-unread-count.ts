import { useQuery } from '@tanstack/react-query';
import { notificationKeys } from '@/api/notification-keys';
import { getNotifications } from './get-notifications';

/**
 * The bell's unread count. The stream sends it on connect and on every change (written straight
 * into this cache entry); the one-item page is the start value when the stream is not up yet.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) => (await getNotifications({ limit: 1, signal })).unread,
    enabled,
    // The stream keeps it fresh; refetching on focus would only race it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
