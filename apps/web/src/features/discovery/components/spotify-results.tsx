import type { TSpotifyArtists } from '@encore/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/page-states';
import { useSpotifyReconnectNotice } from '../hooks/use-spotify-reconnect-notice';
import type { RenderAlert } from './alert-slot';
import { ArtistGrid, ArtistGridSkeleton } from './artist-grid';
import { SpotifyArtistCard } from './spotify-artist-card';

/**
 * Artists read from the fan's Spotify: cards, `empty` when there are none, or why the read
 * failed ('Spotify API error: …', with a retry). A dead grant shows the reconnect toast instead.
 */
export function SpotifyResults({
  query,
  what,
  empty,
  renderAlert,
}: {
  query: UseQueryResult<TSpotifyArtists>;
  what: string;
  empty: ReactNode;
  renderAlert?: RenderAlert;
}) {
  useSpotifyReconnectNotice(query.error);
  if (query.isPending) return <ArtistGridSkeleton what={what} />;
  if (query.isError && !query.data) {
    return <LoadError what={what} error={query.error} retry={() => void query.refetch()} />;
  }
  const { artists } = query.data;
  if (artists.length === 0) return <>{empty}</>;
  return (
    <ArtistGrid>
      {artists.map((artist) => (
        <li key={artist.spotifyId}>
          <SpotifyArtistCard artist={artist} renderAlert={renderAlert} />
        </li>
      ))}
    </ArtistGrid>
  );
}
