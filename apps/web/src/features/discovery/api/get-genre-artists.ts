import { ZGenreArtists } from '@encore/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** GET /api/discovery/genres/:genre: a page of the genre's artists, nearest upcoming show first. */
export function getGenreArtists(slug: string, offset: number, signal?: AbortSignal) {
  return apiRequest(`/api/discovery/genres/${encodeURIComponent(slug)}`, {
    schema: ZGenreArtists,
    ...(offset > 0 ? { query: { offset: String(offset) } } : {}),
    signal,
  });
}

export function genreArtistsQueryOptions(slug: string) {
  return infiniteQueryOptions({
    queryKey: discoveryKeys.genre(slug),
    queryFn: ({ pageParam, signal }) => getGenreArtists(slug, pageParam, signal),
    initialPageParam: 0,
    // The server says where 'More' continues, null at the end.
    getNextPageParam: (last) => last.nextOffset,
  });
}

export function useGenreArtists(slug: string) {
  return useInfiniteQuery(genreArtistsQueryOptions(slug));
}
