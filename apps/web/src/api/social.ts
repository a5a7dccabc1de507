import {
  ZBlockedFans,
  ZFanPublicProfile,
  ZPalRelationResult,
  ZPalSuggestions,
  ZShowAttendees,
  ZSocialOverview,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { reportRequestError } from '@/lib/report-request-error';

/**
 * Show Pals, shared by the /social page and the Connect with Attendees dialog (on the
 * show page and the fan's alert cards). Every answer is personal and changes with the other fan's
 * choices, so nothing stays fresh: each list refetches when opened.
 */
export const socialKeys = {
  all: ['social'] as const,
  overview: () => [...socialKeys.all, 'overview'] as const,
  suggestions: () => [...socialKeys.all, 'suggestions'] as const,
  blocks: () => [...socialKeys.all, 'blocks'] as const,
  attendees: (showId: string) => [...socialKeys.all, 'attendees', showId] as const,
  profile: (username: string) => [...socialKeys.all, 'profile', username] as const,
  /** Going together: open invites to me (/social), and my pals for one show (Invite pals). */
  invites: () => [...socialKeys.all, 'invites'] as const,
  showInvites: (showId: string) => [...socialKeys.all, 'show-invites', showId] as const,
};

/** GET /api/social: my pals, requests to me and from me. */
export const socialQueryOptions = queryOptions({
  queryKey: socialKeys.overview(),
  queryFn: ({ signal }) => apiRequest('/api/social', { schema: ZSocialOverview, signal }),
  staleTime: 0,
});

/** GET /api/social/suggestions: fans I might know, each with why. */
export const suggestionsQueryOptions = queryOptions({
  queryKey: socialKeys.suggestions(),
  queryFn: ({ signal }) =>
    apiRequest('/api/social/suggestions', { schema: ZPalSuggestions, signal }),
  staleTime: 0,
});

/** GET /api/social/blocks: the fans I blocked, so a block can be undone. */
export const blockedQueryOptions = queryOptions({
  queryKey: socialKeys.blocks(),
  queryFn: ({ signal }) => apiRequest('/api/social/blocks', { schema: ZBlockedFans, signal }),
  staleTime: 0,
});

/** GET /api/shows/:id/attendees: the fans going whom I may see, pals first. */
export const attendeesQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: socialKeys.attendees(showId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/shows/${encodeURIComponent(showId)}/attendees`, {
        schema: ZShowAttendees,
        signal,
      }),
    staleTime: 0,
  });

/** GET /api/fans/:username: a fan's profile, as far as their privacy lets me see it. */
export const fanProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: socialKeys.profile(username),
    queryFn: ({ signal }) =>
      apiRequest(`/api/fans/${encodeURIComponent(username)}`, {
        schema: ZFanPublicProfile,
        signal,
      }),
    staleTime: 0,
  });

export const useSocial = () => useQuery(socialQueryOptions);
export const useFanProfile = (username: string) => useQuery(fanProfileQueryOptions(username));
export const useSuggestions = () => useQuery(suggestionsQueryOptions);
export const useBlocked = () => useQuery(blockedQueryOptions);
export const useAttendees = (showId: string, enabled = true) =>
  useQuery({ ...attendeesQueryOptions(showId), enabled });

const fanPath = (path: string, fanId: string) => `${path}/${encodeURIComponent(fanId)}`;

/** What each button beside a fan does: its request, and what it says when done or refused. */
const PAL_ACTIONS = {
  add: {
    send: (fanId: string) =>
      apiRequest('/api/social/requests', {
        method: 'POST',
        body: { fanId },
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `Request sent to ${name}`,
    failed: (name: string) => `Could not send ${name} a request`,
  },
  accept: {
    send: (fanId: string) =>
      apiRequest(`${fanPath('/api/social/requests', fanId)}/accept`, {
        method: 'POST',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `You and ${name} are now Show Pals`,
    failed: (name: string) => `Could not accept ${name}’s request`,
  },
  decline: {
    send: (fanId: string) =>
      apiRequest(`${fanPath('/api/social/requests', fanId)}/decline`, {
        method: 'POST',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `Request from ${name} declined`,
    failed: (name: string) => `Could not decline ${name}’s request`,
  },
  cancel: {
    send: (fanId: string) =>
      apiRequest(fanPath('/api/social/requests', fanId), {
        method: 'DELETE',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `Request to ${name} withdrawn`,
    failed: (name: string) => `Could not withdraw your request to ${name}`,
  },
  remove: {
    send: (fanId: string) =>
      apiRequest(fanPath('/api/social/pals', fanId), {
        method: 'DELETE',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `${name} removed from your Show Pals`,
    failed: (name: string) => `Could not remove ${name}`,
  },
  block: {
    send: (fanId: string) => apiRequest(fanPath('/api/social/blocks', fanId), { method: 'PUT' }),
    done: (name: string) => `${name} is blocked`,
    failed: (name: string) => `Could not block ${name}`,
  },
  unblock: {
    send: (fanId: string) => apiRequest(fanPath('/api/social/blocks', fanId), { method: 'DELETE' }),
    done: (name: string) => `${name} is no longer blocked`,
    failed: (name: string) => `Could not unblock ${name}`,
  },
} as const;

export type PalAction = keyof typeof PAL_ACTIONS;

/**
 * One button's request for one fan. On success every Show Pals list refetches (a request moves
 * a fan from suggestions to sent requests, an acceptance into pals, and changes the attendee
 * dialog's button); on failure the server's message is shown and nothing moves.
 */
export function usePalAction(action: PalAction, fan: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const { send, done, failed } = PAL_ACTIONS[action];
  return useMutation({
    mutationFn: async () => {
      await send(fan.id);
    },
    onSuccess: () => {
      toast.success(done(fan.name));
      void queryClient.invalidateQueries({ queryKey: socialKeys.all });
    },
    onError: (error) => reportRequestError(error, { title: failed(fan.name) }),
  });
}
