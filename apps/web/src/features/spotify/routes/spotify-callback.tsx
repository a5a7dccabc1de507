import {
  SPOTIFY_MESSAGES as M,
  SPOTIFY_ERROR_REDIRECT_MS,
  SPOTIFY_SUCCESS_REDIRECT_MS,
} from '@encore/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useConnectSpotify } from '../api/connect-spotify';
import { OnboardingCard } from '../components/onboarding-card';
import { callbackOutcome } from '../utils/callback-outcome';
import { takeOAuthState } from '../utils/oauth-state';

type Phase =
  | { kind: 'processing' }
  | { kind: 'success'; name: string | null }
  | { kind: 'error'; message: string };

/**
 * The server's message when it answered (spec: "its message is used"), the api-client's for a
 * timeout or lost connection, else the spec's fallback.
 */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiError) || error.kind === 'invalid-response') return M.connectFailed;
  if (error.kind !== 'http') return error.message;
  if (error.code === 'UNAUTHENTICATED') return M.noSession;
  return error.fields.code ?? error.fields.state ?? error.message ?? M.connectFailed;
}

/**
 * /onboarding/spotify/callback?code&state|error (spec sections 4 and 8): processing, then success
 * (to /dashboard after 2 s) or error (a 'Connection Failed' toast, to /onboarding/spotify after
 * 3 s). The exchange goes out once: the ref survives React's development double effect.
 */
export function SpotifyCallbackRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useConnectSpotify();
  const [phase, setPhase] = useState<Phase>({ kind: 'processing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setPhase({ kind: 'error', message });
      toast.error(M.connectionFailed, { description: message });
    };
    const outcome = callbackOutcome(params, takeOAuthState());
    if ('error' in outcome) return fail(outcome.error);
    mutate(outcome.request, {
      onSuccess: ({ profile }) => {
        setPhase({ kind: 'success', name: profile.display_name });
        toast.success(M.connected);
      },
      onError: (error) => fail(failureMessage(error)),
    });
  }, [params, mutate]);

  useEffect(() => {
    if (phase.kind === 'processing') return;
    const [to, after] =
      phase.kind === 'success'
        ? [paths.fan.dashboard.href(), SPOTIFY_SUCCESS_REDIRECT_MS]
        : [paths.fan.onboardingSpotify.href(), SPOTIFY_ERROR_REDIRECT_MS];
    const timer = setTimeout(() => navigate(to, { replace: true }), after);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  if (phase.kind === 'success') {
    return (
      <OnboardingCard title={M.connected} icon={<CircleCheck aria-hidden className="size-8" />}>
        <div role="status" className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-bold tracking-tight">{M.connected}</h1>
          {phase.name && (
            <p className="text-fg-muted">
              Connected as <span className="font-medium text-fg">{phase.name}</span>.
            </p>
          )}
          <p className="text-fg-muted">{M.redirectingHome}</p>
        </div>
      </OnboardingCard>
    );
  }
  if (phase.kind === 'error') {
    return (
      <OnboardingCard
        title={M.connectionFailed}
        icon={<CircleAlert aria-hidden className="size-8 text-danger" />}
      >
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-bold tracking-tight">{M.connectionFailed}</h1>
          <p role="alert" className="font-medium text-danger">
            {phase.message}
          </p>
          <p className="text-fg-muted">{M.redirectingBack}</p>
        </div>
      </OnboardingCard>
    );
  }
  return (
    <OnboardingCard title="Connecting Spotify" icon={<Spinner className="size-8" />}>
      <div role="status" className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold tracking-tight">Connecting Spotify</h1>
        <p className="text-fg-muted">{M.connecting}</p>
      </div>
    </OnboardingCard>
  );
}
