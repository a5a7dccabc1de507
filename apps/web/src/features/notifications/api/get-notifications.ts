import { type TNotificationPage, ZNotificationPage } from '@encore/contract';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PATH, notificationKeys } from '@/api/notification-keys';
import { apiRequest } from '@/lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: one page, newest first; `cursor` is the previous page's nextCursor. */
export function getNotifications(
  options: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
) {
  const { cursor, limit = NOTIFICATIONS_PAGE_SIZE, signal } = options;
  const query: Record<string, string> = { limit: String(limit) };
  if (cursor) query.cursor = cursor;
  return apiRequest(NOTIFICATIONS_PATH, { query, schema: ZNotificationPage, signal });
}

export type NotificationPages = InfiniteData<TNotificationPage, string | undefined>;

/** The centre's list, page by page ('Load more'); each page also refreshes the bell's count. */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotifications({ cursor: pageParam, signal });
      queryClient.setQueryData(notificationKeys.unread, page.unread);
      return page;
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
