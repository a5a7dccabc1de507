import type { TNotification } from '@encore/contract';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/api/notification-keys';
import type { NotificationPages } from './get-notifications';

/** Rewrites every notification in the centre's cached list (if it was loaded), page by page. */
export function mapCachedNotifications(
  queryClient: QueryClient,
  change: (notification: TNotification) => TNotification,
) {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({ ...page, items: page.items.map(change) })),
        }
      : old,
  );
}
