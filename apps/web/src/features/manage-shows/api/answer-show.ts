import { ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

export type ShowAnswer = 'confirm' | 'decline';

/** POST /api/shows/:id/confirm or /decline: the word of the party a pending show names. */
export function answerShow({ id, answer }: { id: string; answer: ShowAnswer }) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}/${answer}`, {
    method: 'POST',
    schema: ZShowResponse,
  });
}

export function useAnswerShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
