import {
  type TArtistMessagePreviewRequest,
  type TArtistMessageRequest,
  ZArtistMessagePreview,
  ZArtistMuteResult,
  ZArtistMutes,
  ZSentArtistMessage,
  ZSentArtistMessages,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/**
 * Artist messages (decision 045): the performer's preview, send and sent list; the fan's mutes
 * and reports. One resource, as the tour plans' file: its calls share the keys.
 */
export const artistMessageKeys = {
  sent: ['artist-messages', 'sent'] as const,
  mutes: ['artist-messages', 'mutes'] as const,
};

export const sentArtistMessagesQueryOptions = queryOptions({
  queryKey: artistMessageKeys.sent,
  queryFn: ({ signal }) =>
    apiRequest('/api/artist-messages', { schema: ZSentArtistMessages, signal }),
});
export const useSentArtistMessages = () => useQuery(sentArtistMessagesQueryOptions);

export const artistMutesQueryOptions = queryOptions({
  queryKey: artistMessageKeys.mutes,
  queryFn: ({ signal }) => apiRequest('/api/artist-mutes', { schema: ZArtistMutes, signal }),
});
export const useArtistMutes = () => useQuery(artistMutesQueryOptions);

/** POST /api/artist-messages/preview: the reach of an audience (null: fewer than 5). */
export function usePreviewArtistMessage() {
  return useMutation({
    mutationFn: (audience: TArtistMessagePreviewRequest) =>
      apiRequest('/api/artist-messages/preview', {
        method: 'POST',
        body: audience,
        schema: ZArtistMessagePreview,
      }),
  });
}

/** POST /api/artist-messages: send; the sent list refetches. */
export function useSendArtistMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: TArtistMessageRequest) =>
      apiRequest('/api/artist-messages', {
        method: 'POST',
        body: message,
        schema: ZSentArtistMessage,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: artistMessageKeys.sent }),
  });
}

/**
 * PUT/DELETE /api/artist-mutes/:performerId; the mutes and the notification centre
 * (which shows each message's mute) refetch.
 */
export function useSetArtistMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ performerId, muted }: { performerId: string; muted: boolean }) =>
      apiRequest(`/api/artist-mutes/${encodeURIComponent(performerId)}`, {
        method: muted ? 'PUT' : 'DELETE',
        schema: ZArtistMuteResult,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: artistMessageKeys.mutes }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  });
}

/** POST /api/artist-messages/:id/report. */
export function useReportArtistMessage() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/artist-messages/${encodeURIComponent(id)}/report`, {
        method: 'POST',
        body: {},
      }),
  });
}
