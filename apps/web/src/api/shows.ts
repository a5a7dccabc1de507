import { ZShowDetail } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { showKeys } from './show-keys';

/** A show's page's key; also written by the attendance mutation, wherever the fan marks the show. */
export { showKeys };

export function getShow(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}`, { schema: ZShowDetail, signal });
}

export function showQueryOptions(id: string) {
  return queryOptions({
    queryKey: showKeys.detail(id),
    queryFn: ({ signal }) => getShow(id, signal),
  });
}

export function useShow(id: string) {
  return useQuery(showQueryOptions(id));
}

/** The show's .ics file, served by the API (a plain download link, not a fetch). */
export const showCalendarUrl = (id: string) => `/api/shows/${encodeURIComponent(id)}/calendar.ics`;
