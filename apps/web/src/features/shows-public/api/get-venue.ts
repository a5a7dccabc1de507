import { ZVenuePage } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const venueQueryKey = (id: string) => ['venue', id] as const;

export function getVenue(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/venues/${encodeURIComponent(id)}`, { schema: ZVenuePage, signal });
}

export function venueQueryOptions(id: string) {
  return queryOptions({
    queryKey: venueQueryKey(id),
    queryFn: ({ signal }) => getVenue(id, signal),
  });
}

export function useVenue(id: string) {
  return useQuery(venueQueryOptions(id));
}
