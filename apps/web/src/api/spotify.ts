import { ZSpotifyConnectionStatus } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The fan's Spotify link, read by the Spotify feature (onboarding, settings) and by Discovery:
 * one cached answer. Connecting or disconnecting invalidates `all`.
 */
export const spotifyKeys = {
  all: ['spotify'] as const,
  connection: ['spotify', 'connection'] as const,
};

/** GET /api/spotify/connection: whether this server can connect Spotify, and the fan's link. */
export function getSpotifyConnection(signal?: AbortSignal) {
  return apiRequest('/api/spotify/connection', { schema: ZSpotifyConnectionStatus, signal });
}

export const spotifyConnectionQueryOptions = queryOptions({
  queryKey: spotifyKeys.connection,
  queryFn: ({ signal }) => getSpotifyConnection(signal),
});

export function useSpotifyConnection() {
  return useQuery(spotifyConnectionQueryOptions);
}
