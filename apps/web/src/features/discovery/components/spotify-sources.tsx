import { useSpotifyTopArtists } from '../api/get-spotify-top-artists';
import { useSpotifyLibrary } from '../api/search-spotify-library';
import type { RenderAlert } from './alert-slot';
import { NoArtists } from './no-artists';
import { SpotifyResults } from './spotify-results';

/** 'Your Top Artists': the fan's top 5 on Spotify. */
export function SpotifyTopArtists({
  connection,
  renderAlert,
}: {
  connection: string;
  renderAlert?: RenderAlert;
}) {
  return (
    <SpotifyResults
      query={useSpotifyTopArtists(connection)}
      what="your top artists"
      renderAlert={renderAlert}
      empty={
        <p className="text-fg-muted">
          Spotify has no top artists for you yet. Search for any artist above.
        </p>
      }
    />
  );
}

/** 'Spotify Library Results': artists of the fan's saved tracks named like the query. */
export function SpotifyLibraryResults({
  connection,
  query,
  renderAlert,
}: {
  connection: string;
  query: string;
  renderAlert?: RenderAlert;
}) {
  return (
    <SpotifyResults
      query={useSpotifyLibrary(connection, query)}
      what="your Spotify library"
      renderAlert={renderAlert}
      empty={<NoArtists />}
    />
  );
}
