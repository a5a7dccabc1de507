import { ZArtistSearchResults } from '@encore/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** GET /api/discovery/artists?q=: artists by name (close spellings too) or genre, best first. */
export function searchArtists(q: string, signal?: AbortSignal) {
  return apiRequest('/api/discovery/artists', {
    query: { q },
    schema: ZArtistSearchResults,
    signal,
  });
}

export const artistSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: discoveryKeys.search(q),
    queryFn: ({ signal }) => searchArtists(q, signal),
  });

/**
 * Results for `q` (already debounced and trimmed; '' asks nothing). The previous results stay on
 * screen while the next ones load, so the list does not flash empty between keystrokes.
 */
export function useArtistSearch(q: string) {
  return useQuery({
    ...artistSearchQueryOptions(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
