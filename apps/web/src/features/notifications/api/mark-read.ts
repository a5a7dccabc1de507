import { DUnreadCount, type TMarkRead } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/api/notification-keys';
import { apiRequest } from '@/lib/api-client';
import { mapCachedNotifications } from './cached-notifications';

/** POST /api/notifications/read: some ids or { all: true }; answers the new unread count. */
export function markRead(body: TMarkRead) {
  return apiRequest('/api/notifications/read', { method: 'POST', body, schema: DUnreadCount });
}

/** Marks in the cached list at once (the row loses its dot as it is opened), then the count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (body) => {
      const now = new Date().toISOString();
      const ids = 'ids' in body ? new Set(body.ids) : null;
      mapCachedNotifications(queryClient, (n) =>
        n.readAt === null && (ids === null || ids.has(n.id)) ? { ...n, readAt: now } : n,
      );
    },
    onSuccess: ({ unread }) => queryClient.setQueryData(notificationKeys.unread, unread),
    // A failed mark leaves the server's truth to the next fetch.
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
