import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The notification centre of every role (merged into AREA_SCREENS). */
export const NOTIFICATION_SCREENS: Record<string, LazyScreen> = {
  [paths.notifications.path]: async () => ({
    Component: (await import('./notifications-screen')).NotificationsScreen,
  }),
};
