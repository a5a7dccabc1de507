import { useQuery } from '@tanstack/react-query';
import { spotifyConnectionQueryOptions } from '@/api/spotify';

export type SpotifyLink = { name: string; key: string };

/**
 * The fan's connection as Discovery needs it: who is connected, and a key for what is read with
 * it; null when not connected (or unreadable: the page then offers to connect), undefined while
 * it is still being read.
 */
export function useSpotifyLink(): SpotifyLink | null | undefined {
  const { data, isPending } = useQuery(spotifyConnectionQueryOptions);
  if (isPending) return undefined;
  const connection = data?.connection;
  if (!connection) return null;
  return {
    name: connection.displayName ?? connection.spotifyUserId,
    key: `${connection.spotifyUserId}@${connection.connectedAt}`,
  };
}
