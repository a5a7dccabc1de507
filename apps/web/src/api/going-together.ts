import {
  type TGoingInviteAnswer,
  ZGoingInviteAnswerResult,
  ZGoingInviteResult,
  ZGoingInvites,
  ZShowInvitePals,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fanKeys } from './fan';
import { showKeys } from './shows';
import { socialKeys } from './social';

/**
 * Going together: a fan going to a show invites pals, who answer Going or Not this
 * time from the notification centre or /social. Shared by the show page, the notification centre
 * and /social; like every Show Pals answer, nothing stays fresh.
 */
const invitesPath = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/invites`;

/** GET /api/shows/:id/invites: my pals and how each stands with this show. */
export const showInvitePalsQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: socialKeys.showInvites(showId),
    queryFn: ({ signal }) => apiRequest(invitesPath(showId), { schema: ZShowInvitePals, signal }),
    staleTime: 0,
  });

/** GET /api/social/invites: open invites to me, soonest show first. */
export const goingInvitesQueryOptions = queryOptions({
  queryKey: socialKeys.invites(),
  queryFn: ({ signal }) => apiRequest('/api/social/invites', { schema: ZGoingInvites, signal }),
  staleTime: 0,
});

export const useShowInvitePals = (showId: string, enabled = true) =>
  useQuery({ ...showInvitePalsQueryOptions(showId), enabled });
export const useGoingInvites = () => useQuery(goingInvitesQueryOptions);

/** POST /api/shows/:id/invites: invites the chosen pals; the dialog's list refetches. */
export function useSendInvites(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fanIds: string[]) =>
      apiRequest(invitesPath(showId), {
        method: 'POST',
        body: { fanIds },
        schema: ZGoingInviteResult,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialKeys.showInvites(showId) }),
  });
}

/**
 * POST /api/shows/:id/invites/answer: answers every open invite to me for the show. Going also
 * marks me going, so the show's page and my lists refetch, and so do /social's invites.
 */
export function useAnswerInvite(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: TGoingInviteAnswer['answer']) =>
      apiRequest(`${invitesPath(showId)}/answer`, {
        method: 'POST',
        body: { answer },
        schema: ZGoingInviteAnswerResult,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: socialKeys.all });
      void queryClient.invalidateQueries({ queryKey: showKeys.detail(showId) });
      void queryClient.invalidateQueries({ queryKey: fanKeys.all });
    },
  });
}
