import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The Spotify onboarding step and its callback (merged into AREA_SCREENS). */
export const SPOTIFY_SCREENS: Record<string, LazyScreen> = {
  [paths.fan.onboardingSpotify.path]: async () => ({
    Component: (await import('@/features/spotify/routes/connect-spotify')).ConnectSpotifyRoute,
  }),
  [paths.fan.onboardingSpotifyCallback.path]: async () => ({
    Component: (await import('@/features/spotify/routes/spotify-callback')).SpotifyCallbackRoute,
  }),
};
