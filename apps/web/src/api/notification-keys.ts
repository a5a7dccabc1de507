import { requestUrl } from '@/lib/early-requests';

/** The notification centre's pages (GET), newest first. */
export const NOTIFICATIONS_PATH = '/api/notifications';

/**
 * The bell's start value: a one-item page, read for its `unread` count. Every signed-in page has
 * the bell, so the frame's route starts this request early (lib/early-requests.ts).
 */
export const UNREAD_COUNT_QUERY = { limit: '1' } as const;
export const unreadCountUrl = requestUrl(NOTIFICATIONS_PATH, UNREAD_COUNT_QUERY);

/** The notification centre's cache entries: the paged list and the bell's unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};
