import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spotifyKeys } from '@/api/spotify';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/spotify/connection: the server forgets the fan's tokens. */
export function disconnectSpotify() {
  return apiRequest('/api/spotify/connection', { method: 'DELETE' });
}

export function useDisconnectSpotify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSpotify,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spotifyKeys.all }),
  });
}
