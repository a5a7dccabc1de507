import { ZSpotifyConnectionStatus } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/spotify/connection: whether this server can connect Spotify, and the fan's link. */
export function getSpotifyConnection(signal?: AbortSignal) {
  return apiRequest('/api/spotify/connection', { schema: ZSpotifyConnectionStatus, signal });
}

// Discovery reads the same key (its own get-spotify-connection.ts): one cached answer.
export const spotifyConnectionQueryOptions = queryOptions({
  queryKey: ['spotify', 'connection'] as const,
  queryFn: ({ signal }) => getSpotifyConnection(signal),
});

export function useSpotifyConnection() {
  return useQuery(spotifyConnectionQueryOptions);
}
