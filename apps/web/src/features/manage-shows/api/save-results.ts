import { ZShowResponse, type ZShowResults } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

export type TShowResults = z.output<typeof ZShowResults>;

/** PUT /api/shows/:id/results: attendance and gross revenue, by the venue after the show. */
export function saveResults(id: string, results: TShowResults) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}/results`, {
    method: 'PUT',
    body: results,
    schema: ZShowResponse,
  });
}

export function useSaveResults(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (results: TShowResults) => saveResults(id, results),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
