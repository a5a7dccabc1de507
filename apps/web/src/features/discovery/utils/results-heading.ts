import { DISCOVERY_LABELS as L } from '@encore/contract';

/**
 * Where Discovery's list comes from, and so its heading (spec "Discovery"). Encore's own search
 * and recommendations today; the Spotify issue adds the connection, the 'Search Spotify Library'
 * checkbox and the two library sources, and passes them in here.
 */
export type ResultsSource = 'search' | 'recommended' | 'spotify-library' | 'spotify-top';

export const RESULTS_HEADINGS: Record<ResultsSource, string> = {
  search: L.searchResults,
  recommended: L.recommendedArtists,
  'spotify-library': L.spotifyLibraryResults,
  'spotify-top': L.yourTopArtists,
};

export function resultsSource(state: {
  query: string;
  spotifyConnected: boolean;
  searchSpotifyLibrary: boolean;
}): ResultsSource {
  const searching = state.query !== '';
  if (state.spotifyConnected) {
    if (!searching) return 'spotify-top';
    if (state.searchSpotifyLibrary) return 'spotify-library';
  }
  return searching ? 'search' : 'recommended';
}
