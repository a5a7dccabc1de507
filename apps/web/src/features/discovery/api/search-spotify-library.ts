import { ZSpotifyArtists } from '@encore/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** GET /api/spotify/library?q=: artists of the fan's 50 latest saved tracks named like `q`. */
export function searchSpotifyLibrary(q: string, signal?: AbortSignal) {
  return apiRequest('/api/spotify/library', { query: { q }, schema: ZSpotifyArtists, signal });
}

export const spotifyLibraryQueryOptions = (connection: string, q: string) =>
  queryOptions({
    queryKey: [...discoveryKeys.spotify(connection), 'library', q] as const,
    queryFn: ({ signal }) => searchSpotifyLibrary(q, signal),
  });

/** Like the artist search: the previous results stay while the next ones load. */
export function useSpotifyLibrary(connection: string, q: string) {
  return useQuery({
    ...spotifyLibraryQueryOptions(connection, q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
