import { ZDirectoryList } from '@encore/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type DirectoryKind = 'performers' | 'venues';

/** GET /api/directory/<kind>?q=: who can play a show, or where. */
export function searchDirectory(kind: DirectoryKind, q: string, signal?: AbortSignal) {
  return apiRequest(`/api/directory/${kind}`, { query: { q }, schema: ZDirectoryList, signal });
}

export function directoryQueryOptions(kind: DirectoryKind, q: string) {
  return queryOptions({
    queryKey: ['directory', kind, q] as const,
    queryFn: ({ signal }) => searchDirectory(kind, q, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useDirectorySearch(kind: DirectoryKind, q: string, enabled: boolean) {
  return useQuery({ ...directoryQueryOptions(kind, q), enabled });
}
