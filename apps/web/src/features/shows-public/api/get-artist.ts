import { ZArtistPage } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const artistQueryKey = (id: string) => ['artist', id] as const;

export function getArtist(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/artists/${encodeURIComponent(id)}`, { schema: ZArtistPage, signal });
}

export function artistQueryOptions(id: string) {
  return queryOptions({
    queryKey: artistQueryKey(id),
    queryFn: ({ signal }) => getArtist(id, signal),
  });
}

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
