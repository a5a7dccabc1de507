import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The Shows section's pages, one chunk for the three (merged into AREA_SCREENS). */
export const MANAGE_SHOWS_SCREENS: Record<string, LazyScreen> = {
  [paths.manageShows.list.path]: async () => ({
    Component: (await import('./manage-shows-pages')).MyShowsScreen,
  }),
  [paths.manageShows.announce.path]: async () => ({
    Component: (await import('./manage-shows-pages')).AnnounceShowScreen,
  }),
  [paths.manageShows.edit.path]: async () => ({
    Component: (await import('./manage-shows-pages')).EditShowScreen,
  }),
};
