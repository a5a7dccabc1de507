import { type TSpotifyConnectRequest, ZSpotifyConnectResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spotifyKeys } from '@/api/spotify';
import { apiRequest } from '@/lib/api-client';

/** POST /api/spotify/connect: the server checks the state and exchanges the code. */
export function connectSpotify(body: TSpotifyConnectRequest) {
  return apiRequest('/api/spotify/connect', {
    method: 'POST',
    body,
    schema: ZSpotifyConnectResponse,
  });
}

export function useConnectSpotify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectSpotify,
    // Everything read with the old connection (or none) is out of date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spotifyKeys.all }),
  });
}
