import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The three settings pages, each its own chunk (merged into AREA_SCREENS). */
export const SETTINGS_SCREENS: Record<string, LazyScreen> = {
  [paths.fan.settings.path]: async () => ({
    Component: (await import('./fan-settings-screen')).FanSettingsScreen,
  }),
  [paths.performer.settings.path]: async () => ({
    Component: (await import('@/features/settings/routes/performer-settings'))
      .PerformerSettingsRoute,
  }),
  [paths.venue.settings.path]: async () => ({
    Component: (await import('@/features/settings/routes/venue-settings')).VenueSettingsRoute,
  }),
};
