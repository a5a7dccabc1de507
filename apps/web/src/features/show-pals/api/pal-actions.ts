import { ZPalRelationResult } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { reportRequestError } from '@/lib/report-request-error';
import { socialQueryKey } from './get-social';

/** What each button beside a fan does, its request and what it says when done or refused. */
const ACTIONS = {
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
      apiRequest(`/api/social/requests/${encodeURIComponent(fanId)}/accept`, {
        method: 'POST',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `You and ${name} are now Show Pals`,
    failed: (name: string) => `Could not accept ${name}’s request`,
  },
  decline: {
    send: (fanId: string) =>
      apiRequest(`/api/social/requests/${encodeURIComponent(fanId)}/decline`, {
        method: 'POST',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `Request from ${name} declined`,
    failed: (name: string) => `Could not decline ${name}’s request`,
  },
  cancel: {
    send: (fanId: string) =>
      apiRequest(`/api/social/requests/${encodeURIComponent(fanId)}`, {
        method: 'DELETE',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `Request to ${name} withdrawn`,
    failed: (name: string) => `Could not withdraw your request to ${name}`,
  },
  remove: {
    send: (fanId: string) =>
      apiRequest(`/api/social/pals/${encodeURIComponent(fanId)}`, {
        method: 'DELETE',
        schema: ZPalRelationResult,
      }),
    done: (name: string) => `${name} removed from your Show Pals`,
    failed: (name: string) => `Could not remove ${name}`,
  },
  block: {
    send: (fanId: string) =>
      apiRequest(`/api/social/blocks/${encodeURIComponent(fanId)}`, { method: 'PUT' }),
    done: (name: string) => `${name} is blocked`,
    failed: (name: string) => `Could not block ${name}`,
  },
  unblock: {
    send: (fanId: string) =>
      apiRequest(`/api/social/blocks/${encodeURIComponent(fanId)}`, { method: 'DELETE' }),
    done: (name: string) => `${name} is no longer blocked`,
    failed: (name: string) => `Could not unblock ${name}`,
  },
} as const;

export type PalAction = keyof typeof ACTIONS;

/**
 * One button's request for one fan. On success every Show Pals list refetches (a request moves
 * a fan from suggestions to sent requests, an acceptance into pals); on failure the server's
 * message is shown and nothing moves.
 */
export function usePalAction(action: PalAction, fan: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const { send, done, failed } = ACTIONS[action];
  return useMutation({
    mutationFn: async () => {
      await send(fan.id);
    },
    onSuccess: () => {
      toast.success(done(fan.name));
      void queryClient.invalidateQueries({ queryKey: socialQueryKey });
    },
    onError: (error) => reportRequestError(error, { title: failed(fan.name) }),
  });
}
