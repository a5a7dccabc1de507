import type { ComponentType } from 'react';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Fan pages of the watching feature, by path (merged into AREA_SCREENS). */
export const WATCHING_SCREENS: Record<string, LazyScreen> = {};
