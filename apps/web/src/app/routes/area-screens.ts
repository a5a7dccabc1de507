import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { DISCOVERY_SCREENS } from './discovery-screens';
import { FAN_SHOW_SCREENS } from './fan-shows-screens';
import { LOCATION_SCREENS } from './location-screens';
import { MANAGE_SHOWS_SCREENS } from './manage-shows-screens';
import { NOTIFICATION_SCREENS } from './notification-screens';
import { SETTINGS_SCREENS } from './settings-screens';
import { SPOTIFY_SCREENS } from './spotify-screens';
import { WATCHING_SCREENS } from './watching-screens';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/**
 * The signed-in pages that are built, by path; every other AREA_PAGES row still shows its
 * placeholder. Each entry is its own chunk.
 */
export const AREA_SCREENS: Partial<Record<string, LazyScreen>> = {
  ...SETTINGS_SCREENS,
  ...MANAGE_SHOWS_SCREENS,
  ...FAN_SHOW_SCREENS,
  ...WATCHING_SCREENS,
  ...DISCOVERY_SCREENS,
  ...NOTIFICATION_SCREENS,
  ...SPOTIFY_SCREENS,
  ...LOCATION_SCREENS,
  [paths.fan.setup.path]: async () => ({
    Component: (await import('./setup-screens')).FanSetupScreen,
  }),
  [paths.performer.setup.path]: async () => ({
    Component: (await import('./setup-screens')).PerformerSetupScreen,
  }),
  [paths.venue.setup.path]: async () => ({
    Component: (await import('./setup-screens')).VenueSetupScreen,
  }),
};
