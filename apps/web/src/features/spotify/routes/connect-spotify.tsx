import { SPOTIFY_MESSAGES as M } from '@encore/contract';
import { CircleAlert, Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSpotifyConnection } from '@/api/spotify';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { requestErrorMessage } from '@/lib/report-request-error';
import { useStartSpotifyAuthorization } from '../api/start-spotify-authorization';
import { OnboardingCard } from '../components/onboarding-card';
import { rememberOAuthState } from '../utils/oauth-state';

/** Leaves the app for Spotify's authorisation page (a function, so tests can stand in for it). */
export type GoTo = (url: string) => void;
const leaveFor: GoTo = (url) => window.location.assign(url);

const READS = [
  'Your top artists, to show them on Discover',
  'The artists you follow, to set alerts for them in one go',
  'Your email address, which Spotify shares with every app',
];

/**
 * /onboarding/spotify (spec "Onboarding"): 'Connect Spotify' starts the authorisation redirect,
 * with the state kept in session storage for the callback; 'Skip for now' goes to /dashboard.
 * `more`: the step's other ways in (the app puts Last.fm's import there), below the card.
 */
export function ConnectSpotifyRoute({ goTo = leaveFor, more }: { goTo?: GoTo; more?: ReactNode }) {
  const connection = useSpotifyConnection();
  const start = useStartSpotifyAuthorization();
  const configured = connection.data?.configured;
  const connectedAs = connection.data?.connection;
  // Busy from the click until the browser has left for Spotify.
  const busy = start.isPending || start.isSuccess;

  const connect = () =>
    start.mutate(undefined, {
      onSuccess: ({ url, state }) => {
        rememberOAuthState(state);
        goTo(url);
      },
    });

  return (
    <OnboardingCard title={M.connect} icon={<Music aria-hidden className="size-8" />} after={more}>
      <div className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold tracking-tight">{M.connect}</h1>
        <p className="text-fg-muted">
          See your top artists on Discover, search the artists of your saved tracks, and set alerts
          for the artists you follow.
        </p>
      </div>
      <div className="w-full rounded-xl border border-line bg-bg/40 p-4 text-left">
        <p className="text-sm font-semibold">Encore reads, and never changes:</p>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-fg-muted">
          {READS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {connectedAs && (
        <p role="status" className="text-sm text-fg-muted">
          Connected as{' '}
          <span className="font-medium text-fg">
            {connectedAs.displayName ?? connectedAs.spotifyUserId}
          </span>
          . Connect again to use another Spotify account.
        </p>
      )}
      {configured === false && (
        <p role="status" className="flex items-start gap-2 text-left text-fg-muted">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          {M.notConfigured}.
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {requestErrorMessage(start.error)}
        </p>
      )}
      <div className="flex w-full flex-col gap-3">
        {configured !== false && (
          <Button size="lg" onClick={connect} disabled={busy || configured !== true}>
            {busy && <Spinner />}
            {busy ? M.connecting : M.connect}
          </Button>
        )}
        <Link
          to={paths.fan.dashboard.href()}
          className={buttonClasses({
            variant: configured === false ? 'primary' : 'ghost',
            size: 'lg',
          })}
        >
          {M.skip}
        </Link>
      </div>
      <p className="text-xs text-fg-muted">
        Your Spotify login stays with Spotify; Encore keeps its access on the server. Disconnect any
        time in Settings.
      </p>
    </OnboardingCard>
  );
}
