import { ZSpotifyImportCandidates } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** GET /api/spotify/import: the fan's followed and top Spotify artists that are on Encore. */
export function getSpotifyImport(signal?: AbortSignal) {
  return apiRequest('/api/spotify/import', { schema: ZSpotifyImportCandidates, signal });
}

export const spotifyImportQueryOptions = (connection: string) =>
  queryOptions({
    queryKey: [...discoveryKeys.spotify(connection), 'import'] as const,
    queryFn: ({ signal }) => getSpotifyImport(signal),
    // Read afresh each time the dialog opens: the fan may have followed someone since.
    staleTime: 0,
  });

export function useSpotifyImport(connection: string, enabled: boolean) {
  return useQuery({ ...spotifyImportQueryOptions(connection), enabled });
}
