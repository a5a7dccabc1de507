import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The fan's notification centre (merged into AREA_SCREENS). */
export const NOTIFICATION_SCREENS: Record<string, LazyScreen> = {
  [paths.notifications.path]: async () => ({
    Component: (await import('@/features/notifications/routes/notifications-page'))
      .NotificationsPageRoute,
  }),
};
