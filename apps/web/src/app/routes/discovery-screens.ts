import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Fan pages of the discovery feature, one chunk for both (merged into AREA_SCREENS). */
export const DISCOVERY_SCREENS: Record<string, LazyScreen> = {
  [paths.fan.discovery.path]: async () => ({
    Component: (await import('./discovery-pages')).DiscoveryScreen,
  }),
  [paths.fan.recommended.path]: async () => ({
    Component: (await import('./discovery-pages')).RecommendedScreen,
  }),
};
