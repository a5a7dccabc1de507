import { type TShowUpdate, ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

/** PATCH /api/shows/:id: date, tickets, prices, line-up, genre, status. */
export function updateShow(id: string, patch: TShowUpdate) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    schema: ZShowResponse,
  });
}

export function useUpdateShow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TShowUpdate) => updateShow(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
