import { ZSpotifyArtists } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** GET /api/spotify/top-artists: the fan's top 5 on Spotify, each with its Encore artist. */
export function getSpotifyTopArtists(signal?: AbortSignal) {
  return apiRequest('/api/spotify/top-artists', { schema: ZSpotifyArtists, signal });
}

export const spotifyTopArtistsQueryOptions = (connection: string) =>
  queryOptions({
    queryKey: [...discoveryKeys.spotify(connection), 'top'] as const,
    queryFn: ({ signal }) => getSpotifyTopArtists(signal),
  });

export function useSpotifyTopArtists(connection: string) {
  return useQuery(spotifyTopArtistsQueryOptions(connection));
}
