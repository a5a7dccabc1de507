import { DISCOVERY_LABELS as L, SEARCH_DEBOUNCE_MS } from '@encore/contract';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useArtistSearch } from '../api/search-artists';
import type { RenderAlert } from '../components/alert-slot';
import { RecommendedPreview } from '../components/recommended-preview';
import { SearchBox } from '../components/search-box';
import { resultsAnnouncement, SearchResults } from '../components/search-results';
import { SpotifyPrompt } from '../components/spotify-prompt';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { RESULTS_HEADINGS, resultsSource } from '../utils/results-heading';

/** The query parameter that keeps the search, so Back from an artist's page restores it. */
const Q = 'q';

/** Spec "Discovery" ('Discover Artists'): search every artist on Encore, or browse recommendations. */
export function DiscoveryPageRoute({ renderAlert }: { renderAlert?: RenderAlert }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(Q) ?? '');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useArtistSearch(query);
  const headingId = useId();

  useEffect(() => {
    if ((params.get(Q) ?? '') === query) return;
    const next = new URLSearchParams(params);
    if (query) next.set(Q, query);
    else next.delete(Q);
    setParams(next, { replace: true });
  }, [query, params, setParams]);

  // Not connected to Spotify yet: that issue passes the connection and its results in here.
  const source = resultsSource({ query, spotifyConnected: false, searchSpotifyLibrary: false });
  const settling = text.trim() !== query || search.isFetching;
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
      <SpotifyPrompt />
      <p role="status" className="sr-only">
        {source === 'search' && search.data ? resultsAnnouncement(search.data.results.length) : ''}
      </p>
      <section aria-labelledby={headingId} aria-busy={settling} className="flex flex-col gap-3">
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {RESULTS_HEADINGS[source]}
        </h2>
        {source === 'search' ? (
          <SearchResults query={query} renderAlert={renderAlert} />
        ) : (
          <RecommendedPreview renderAlert={renderAlert} />
        )}
      </section>
    </div>
  );
}
