import { ZBlockedFans, ZPalSuggestions, ZSocialOverview } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every Show Pals answer starts with this key, so one invalidation refreshes them all. */
export const socialQueryKey = ['social'] as const;

/** GET /api/social: my pals, requests to me and from me. Refetched on every open. */
export const socialQueryOptions = queryOptions({
  queryKey: [...socialQueryKey, 'overview'],
  queryFn: ({ signal }) => apiRequest('/api/social', { schema: ZSocialOverview, signal }),
  staleTime: 0,
});

/** GET /api/social/suggestions: fans I might know, each with why. */
export const suggestionsQueryOptions = queryOptions({
  queryKey: [...socialQueryKey, 'suggestions'],
  queryFn: ({ signal }) =>
    apiRequest('/api/social/suggestions', { schema: ZPalSuggestions, signal }),
  staleTime: 0,
});

/** GET /api/social/blocks: the fans I blocked, so a block can be undone. */
export const blockedQueryOptions = queryOptions({
  queryKey: [...socialQueryKey, 'blocks'],
  queryFn: ({ signal }) => apiRequest('/api/social/blocks', { schema: ZBlockedFans, signal }),
  staleTime: 0,
});

export const useSocial = () => useQuery(socialQueryOptions);
export const useBlocked = () => useQuery(blockedQueryOptions);
export const useSuggestions = () => useQuery(suggestionsQueryOptions);
