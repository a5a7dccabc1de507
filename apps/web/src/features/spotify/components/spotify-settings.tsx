import { SPOTIFY_MESSAGES as M } from '@encore/contract';
import { Music } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSpotifyConnection } from '@/api/spotify';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { reportRequestError } from '@/lib/report-request-error';
import { useDisconnectSpotify } from '../api/disconnect-spotify';

const since = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Settings > Music: the fan's Spotify connection, to connect or disconnect. */
export function SpotifySettings() {
  const connection = useSpotifyConnection();
  const disconnect = useDisconnectSpotify();
  const status = connection.data;
  const linked = status?.connection;

  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => toast.success(M.disconnected),
      onError: (error) => reportRequestError(error, { title: 'Could not disconnect Spotify' }),
    });

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="font-display text-xl font-semibold">Spotify</h2>
        <p className="text-sm text-fg-muted">
          Your top artists and library on Discover, and alerts for the artists you follow.
        </p>
      </div>
      {connection.isPending ? (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner /> Loading your Spotify connection…
        </p>
      ) : connection.isError ? (
        <p role="alert" className="text-danger">
          We could not load your Spotify connection. {connection.error.message}
        </p>
      ) : linked ? (
        <div className="flex flex-col items-start gap-4">
          <p className="flex items-start gap-3">
            <Music aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              Connected as{' '}
              <span className="font-medium">{linked.displayName ?? linked.spotifyUserId}</span>{' '}
              since {since(linked.connectedAt)}.
            </span>
          </p>
          <p className="text-sm text-fg-muted">
            Disconnecting deletes Encore’s access to your Spotify. To remove Encore from your
            Spotify account too, go to Manage apps in your Spotify account settings.
          </p>
          <Button variant="secondary" onClick={onDisconnect} disabled={disconnect.isPending}>
            {disconnect.isPending && <Spinner />}
            {M.disconnect}
          </Button>
        </div>
      ) : status?.configured ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-fg-muted">Spotify is not connected.</p>
          <Link
            to={paths.fan.onboardingSpotify.href()}
            className={buttonClasses({ variant: 'primary' })}
          >
            {M.connect}
          </Link>
        </div>
      ) : (
        <p className="text-fg-muted">{M.notConfigured}.</p>
      )}
    </Card>
  );
}
