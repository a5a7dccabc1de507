import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Fan pages of the fan-shows feature, one chunk for the four (merged into AREA_SCREENS). */
export const FAN_SHOW_SCREENS: Record<string, LazyScreen> = {
  [paths.fan.dashboard.path]: async () => ({
    Component: (await import('./fan-shows-pages')).FanDashboardScreen,
  }),
  [paths.fan.alerts.path]: async () => ({
    Component: (await import('./fan-shows-pages')).AlertsScreen,
  }),
  [paths.fan.showsAttending.path]: async () => ({
    Component: (await import('./fan-shows-pages')).ShowsAttendingScreen,
  }),
  [paths.fan.showsAttended.path]: async () => ({
    Component: (await import('./fan-shows-pages')).ShowsAttendedScreen,
  }),
};
