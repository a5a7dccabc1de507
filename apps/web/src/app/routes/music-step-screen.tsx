import { LastfmImport } from '@/features/lastfm/components/lastfm-import';
import { ConnectSpotifyRoute } from '@/features/spotify/routes/connect-spotify';

/** /onboarding/spotify, the music step: connect Spotify, or import from Last.fm below it. */
export function MusicStepScreen() {
  return <ConnectSpotifyRoute more={<LastfmImport />} />;
}
