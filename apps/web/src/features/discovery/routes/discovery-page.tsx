import { DISCOVERY_LABELS as L, SEARCH_DEBOUNCE_MS } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useArtistSearch } from '../api/search-artists';
import { useSpotifyLibrary } from '../api/search-spotify-library';
import type { RenderAlert } from '../components/alert-slot';
import { DiscoveryResults } from '../components/discovery-results';
import { GenreChips } from '../components/genre-chips';
import { SearchBox } from '../components/search-box';
import { resultsAnnouncement } from '../components/search-results';
import { SpotifyBar } from '../components/spotify-bar';
import { SpotifyPrompt } from '../components/spotify-prompt';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSpotifyLink } from '../hooks/use-spotify-link';
import { resultsSource } from '../utils/results-heading';

/** The query parameter that keeps the search, so Back from an artist's page restores it. */
const Q = 'q';

/**
 * Spec "Discovery" ('Discover Artists'): search every artist on Encore, or browse
 * recommendations; with Spotify connected, also the fan's top artists and saved-track artists.
 */
export function DiscoveryPageRoute({ renderAlert }: { renderAlert?: RenderAlert }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(Q) ?? '');
  const [searchLibrary, setSearchLibrary] = useState(false);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const spotify = useSpotifyLink();
  const connection = spotify?.key ?? null;
  const source = resultsSource({
    query,
    spotifyConnected: connection !== null,
    searchSpotifyLibrary: searchLibrary,
  });
  const search = useArtistSearch(source === 'search' ? query : '');
  const library = useSpotifyLibrary(connection ?? '', source === 'spotify-library' ? query : '');
  const shown = source === 'spotify-library' ? library : search;

  useEffect(() => {
    if ((params.get(Q) ?? '') === query) return;
    const next = new URLSearchParams(params);
    if (query) next.set(Q, query);
    else next.delete(Q);
    setParams(next, { replace: true });
  }, [query, params, setParams]);

  const searching = source === 'search' || source === 'spotify-library';
  const settling = text.trim() !== query || shown.isFetching;
  const found = source === 'spotify-library' ? library.data?.artists : search.data?.results;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={L.title} />
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">{L.title}</h1>
        <p className="text-fg-muted">
          Find any artist on Encore by name or genre, and set an alert for their shows.
        </p>
      </div>
      <SearchBox value={text} onChange={setText} busy={query !== '' && settling} />
      <GenreChips />
      {spotify ? (
        <SpotifyBar
          link={spotify}
          searchLibrary={searchLibrary}
          onSearchLibraryChange={setSearchLibrary}
        />
      ) : (
        spotify === null && <SpotifyPrompt />
      )}
      <p role="status" className="sr-only">
        {searching && found ? resultsAnnouncement(found.length) : ''}
      </p>
      <DiscoveryResults
        source={source}
        query={query}
        connection={connection}
        busy={settling}
        renderAlert={renderAlert}
      />
    </div>
  );
}
