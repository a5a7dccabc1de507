import type { ComponentType } from 'react';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Fan pages of the fan-shows feature, by path (merged into AREA_SCREENS). */
export const FAN_SHOW_SCREENS: Record<string, LazyScreen> = {};
