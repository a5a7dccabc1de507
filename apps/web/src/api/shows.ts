import { ZShowDetail } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A show's page; also written by the attendance mutation, wherever the fan marks the show. */
export const showKeys = {
  detail: (id: string) => ['show', id] as const,
};

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
