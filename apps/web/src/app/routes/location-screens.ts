import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The location step of onboarding (merged into AREA_SCREENS). */
export const LOCATION_SCREENS: Record<string, LazyScreen> = {
  [paths.fan.onboardingLocation.path]: async () => ({
    Component: (await import('@/features/location/routes/location-step')).LocationStepRoute,
  }),
};
