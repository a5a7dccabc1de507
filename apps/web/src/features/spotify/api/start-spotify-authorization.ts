import { ZSpotifyAuthorization } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/spotify/authorize: the provider's authorisation URL with a fresh random state. */
export function startSpotifyAuthorization() {
  return apiRequest('/api/spotify/authorize', { method: 'POST', schema: ZSpotifyAuthorization });
}

export function useStartSpotifyAuthorization() {
  return useMutation({ mutationFn: startSpotifyAuthorization });
}
