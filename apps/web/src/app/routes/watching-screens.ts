import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Fan pages of the watching feature, by path (merged into AREA_SCREENS). */
export const WATCHING_SCREENS: Record<string, LazyScreen> = {
  [paths.fan.watching.path]: async () => ({
    Component: (await import('./watching-pages')).WatchingScreen,
  }),
};
