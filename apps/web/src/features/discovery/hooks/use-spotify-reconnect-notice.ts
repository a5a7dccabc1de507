import { SPOTIFY_MESSAGES as M } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { spotifyConnectionQueryOptions } from '@/api/spotify';
import { ApiError } from '@/lib/api-client';

/** What the server answers when Spotify refused the grant and refreshing could not cure it. */
export const needsReconnect = (error: unknown) =>
  error instanceof ApiError && error.code === 'SPOTIFY_RECONNECT_REQUIRED';

/**
 * Spec section 8: a Spotify call whose grant is dead shows the expired-session toast, 'Please
 * reconnect your Spotify account'. The server has forgotten the connection by then, so reading it
 * again turns the page back to its 'Connect Spotify' prompt.
 */
export function useSpotifyReconnectNotice(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!needsReconnect(error)) return;
    // One id: two failing reads (or React's development double effect) make one toast.
    toast.error(M.expiredTitle, { id: 'spotify-reconnect', description: M.reconnect });
    void queryClient.invalidateQueries({ queryKey: spotifyConnectionQueryOptions.queryKey });
  }, [error, queryClient]);
}
