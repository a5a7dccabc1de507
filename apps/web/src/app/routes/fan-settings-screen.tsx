import { LastfmImport } from '@/features/lastfm/components/lastfm-import';
import { disablePush, enablePush, pushSubscribedHere } from '@/features/push/utils/browser-push';
import { FanSettingsRoute } from '@/features/settings/routes/fan-settings';
import { SpotifySettings } from '@/features/spotify/components/spotify-settings';

const PUSH = { enable: enablePush, disable: disablePush, subscribedHere: pushSubscribedHere };

/**
 * /settings/fan, with the push feature behind the 'Push Notifications' switch, and the Spotify
 * connection and the Last.fm import as the Music tab.
 */
export function FanSettingsScreen() {
  const music = (
    <div className="flex flex-col gap-6">
      <SpotifySettings />
      <LastfmImport />
    </div>
  );
  return <FanSettingsRoute push={PUSH} music={music} />;
}
