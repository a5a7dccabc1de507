import { ZCityShows } from '@encore/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { CityParams } from '../utils/city-search';

export const cityShowsQueryKey = (params: CityParams) => ['city-shows', params] as const;

export function getCityShows(params: CityParams, signal?: AbortSignal) {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v)) as Record<
    string,
    string
  >;
  return apiRequest('/api/shows', { schema: ZCityShows, query, signal });
}

/** Public and the same for everyone: a minute fresh, as the server lets caches keep it. */
export function cityShowsQueryOptions(params: CityParams) {
  return queryOptions({
    queryKey: cityShowsQueryKey(params),
    queryFn: ({ signal }) => getCityShows(params, signal),
    staleTime: 60_000,
  });
}

/** The previous answer stays on screen while a filter's or a page's answer loads. */
export function useCityShows(params: CityParams) {
  return useQuery({
    ...cityShowsQueryOptions(params),
    enabled: Boolean(params.near),
    placeholderData: keepPreviousData,
  });
}
