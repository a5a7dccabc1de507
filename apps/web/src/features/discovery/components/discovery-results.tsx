import { DISCOVERY_LABELS as L } from '@encore/contract';
import { type ReactNode, useId } from 'react';
import { RESULTS_HEADINGS, type ResultsSource } from '../utils/results-heading';
import type { RenderAlert } from './alert-slot';
import { RecommendedPreview } from './recommended-preview';
import { SearchResults } from './search-results';
import { SpotifyLibraryResults, SpotifyTopArtists } from './spotify-sources';

/** One list of Discovery under its heading. */
function ResultsSection({
  heading,
  busy,
  children,
}: {
  heading: string;
  busy: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={busy} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * Discovery's lists for the chosen source (utils/results-heading.ts). With Spotify connected and
 * nothing typed, the fan's top artists come first and Encore's recommendations still follow.
 */
export function DiscoveryResults({
  source,
  query,
  connection,
  busy,
  renderAlert,
}: {
  source: ResultsSource;
  query: string;
  /** The Spotify connection's key; the Spotify sources are chosen only with one. */
  connection: string | null;
  busy: boolean;
  renderAlert?: RenderAlert;
}) {
  const heading = RESULTS_HEADINGS[source];
  if (source === 'spotify-top' && connection) {
    return (
      <>
        <ResultsSection heading={heading} busy={busy}>
          <SpotifyTopArtists connection={connection} renderAlert={renderAlert} />
        </ResultsSection>
        <ResultsSection heading={L.recommendedArtists} busy={false}>
          <RecommendedPreview renderAlert={renderAlert} />
        </ResultsSection>
      </>
    );
  }
  return (
    <ResultsSection heading={heading} busy={busy}>
      {source === 'spotify-library' && connection ? (
        <SpotifyLibraryResults connection={connection} query={query} renderAlert={renderAlert} />
      ) : source === 'search' ? (
        <SearchResults query={query} renderAlert={renderAlert} />
      ) : (
        <RecommendedPreview renderAlert={renderAlert} />
      )}
    </ResultsSection>
  );
}
