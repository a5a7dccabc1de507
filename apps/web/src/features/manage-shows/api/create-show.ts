import { type TShowInput, ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

/** POST /api/shows: announces a show. */
export function createShow(input: TShowInput) {
  return apiRequest('/api/shows', { method: 'POST', body: input, schema: ZShowResponse });
}

export function useCreateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
