import { ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

export type ShowAnswer = 'confirm' | 'decline';
/** Who answers: the show's other party (headliner or venue), or a supporting act for its slot. */
export type AnswerSlot = 'party' | 'supporting';

interface AnswerShowInput {
  id: string;
  answer: ShowAnswer;
  slot?: AnswerSlot;
  /** The venue's answer that its night holds two shows (after a NIGHT_TAKEN). */
  confirmSameNight?: boolean;
}

/**
 * POST /api/shows/:id/confirm or /decline: the word of the party a pending show names;
 * POST /api/shows/:id/acts/confirm or /decline: a supporting act's word on its own slot.
 */
export function answerShow({ id, answer, slot = 'party', confirmSameNight }: AnswerShowInput) {
  const act = slot === 'supporting' ? '/acts' : '';
  return apiRequest(`/api/shows/${encodeURIComponent(id)}${act}/${answer}`, {
    method: 'POST',
    ...(confirmSameNight ? { body: { confirmSameNight } } : {}),
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
