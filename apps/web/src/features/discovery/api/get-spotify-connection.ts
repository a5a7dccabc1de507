import { ZSpotifyConnectionStatus } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/spotify/connection: whether the fan has Spotify connected (and since when). */
export function getSpotifyConnection(signal?: AbortSignal) {
  return apiRequest('/api/spotify/connection', { schema: ZSpotifyConnectionStatus, signal });
}

// The same key as the Spotify feature's onboarding and settings: one cached answer, refetched
// by all of them when the connection changes.
export const spotifyConnectionQueryOptions = queryOptions({
  queryKey: ['spotify', 'connection'] as const,
  queryFn: ({ signal }) => getSpotifyConnection(signal),
});

export type SpotifyLink = { name: string; key: string };

/**
 * The fan's connection as Discovery needs it: who is connected, and a key for what is read with
 * it; null when not connected (or unreadable: the page then offers to connect), undefined while
 * it is still being read.
 */
export function useSpotifyLink(): SpotifyLink | null | undefined {
  const { data, isPending } = useQuery(spotifyConnectionQueryOptions);
  if (isPending) return undefined;
  const connection = data?.connection;
  if (!connection) return null;
  return {
    name: connection.displayName ?? connection.spotifyUserId,
    key: `${connection.spotifyUserId}@${connection.connectedAt}`,
  };
}
