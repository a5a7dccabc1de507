import type {
  TArtistAlert,
  TArtistSearchResults,
  TDiscoveredArtist,
  TGenreArtists,
  TRecommendations,
  TSpotifyArtists,
  TSpotifyImportCandidates,
} from '@encore/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { discoveryKeys } from './discovery-query-keys';

type Cached =
  | TArtistSearchResults
  | TRecommendations
  | TSpotifyArtists
  | TSpotifyImportCandidates
  | InfiniteData<TGenreArtists, number>
  | undefined;

/** Every cached answer of this feature with `alert`'s artist shown as watched. */
export function withAlert(old: Cached, alert: TArtistAlert): Cached {
  const mark = <A extends TDiscoveredArtist>(artist: A): A =>
    artist.id === alert.performerId ? { ...artist, alertChannels: alert.channels } : artist;
  if (!old) return old;
  if ('pages' in old) {
    return {
      ...old,
      pages: old.pages.map((page) => ({ ...page, artists: page.artists.map(mark) })),
    };
  }
  if ('results' in old) return { results: old.results.map(mark) };
  if ('matches' in old) {
    return { ...old, matches: old.matches.map((m) => ({ ...m, artist: mark(m.artist) })) };
  }
  if ('home' in old) return { ...old, artists: old.artists.map(mark) };
  return {
    artists: old.artists.map((a) => ({
      ...a,
      encoreArtist: a.encoreArtist && mark(a.encoreArtist),
    })),
  };
}

/**
 * After the alert dialog saved an alert: every cached search, the recommendations and what was
 * read from Spotify show the artist as watched at once, and other pages that count alerts
 * refetch when next opened.
 */
export function useAlertSaved() {
  const queryClient = useQueryClient();
  return (alert: TArtistAlert) => {
    queryClient.setQueriesData<Cached>({ queryKey: discoveryKeys.all }, (old) =>
      withAlert(old, alert),
    );
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== discoveryKeys.all[0],
      refetchType: 'none',
    });
  };
}
