import { LOCATION_LABELS, type TFallbackReason, type TFanLocationState } from '@encore/contract';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSaveLocation } from '@/api/fan-location';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { currentPosition } from '@/lib/current-position';
import { reportRequestError, requestErrorMessage } from '@/lib/report-request-error';
import { useMakeLocationHome } from '../api/make-location-home';
import { useSkipLocation } from '../api/skip-location';
import { useStoreFallbackLocation } from '../api/store-fallback-location';
import { ErrorLine } from '../components/error-line';
import { FallbackNotice } from '../components/fallback-notice';
import { HomeOffer } from '../components/home-offer';

type Phase =
  | { name: 'ask' }
  | { name: 'enabling' }
  | { name: 'offer'; state: TFanLocationState }
  | { name: 'fallback'; reason: TFallbackReason; state: TFanLocationState };

/**
 * /onboarding/location (spec "Onboarding"): the browser's real position, resolved by the server to
 * the nearest US city; New York only when there is none (decision 013). Every way out leads to the
 * music provider step, as the spec says.
 */
export function LocationStepRoute() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ name: 'ask' });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLocation();
  const fallback = useStoreFallbackLocation();
  const skip = useSkipLocation();
  const makeHome = useMakeLocationHome();
  const next = () => navigate(paths.fan.onboardingSpotify.href());

  async function allow() {
    setError(null);
    setPhase({ name: 'enabling' });
    try {
      const found = await currentPosition();
      if (!found.ok) {
        const state = await fallback.mutateAsync();
        setPhase({ name: 'fallback', reason: found.reason, state });
        return;
      }
      const state = await save.mutateAsync(found.position);
      const { location, home, isHome } = state;
      if (!state.resolved || location?.source !== 'device') {
        setPhase({ name: 'fallback', reason: 'outside', state });
      } else if (home && !isHome) {
        setPhase({ name: 'offer', state });
      } else {
        toast.success(`You’re near ${location.city}, ${location.state}`);
        await next();
      }
    } catch (failure) {
      setError(requestErrorMessage(failure));
      setPhase({ name: 'ask' });
    }
  }

  function skipForNow() {
    // The step is skipped whether or not the server heard it (the card at worst stays), but a
    // failure still says so.
    skip.mutate(undefined, {
      onError: (failure) => reportRequestError(failure, { title: 'Could not save your choice' }),
      onSettled: () => void next(),
    });
  }

  function acceptHome() {
    setError(null);
    makeHome.mutate(undefined, {
      onSuccess: ({ home }) => {
        if (home) toast.success(`Your home for alerts is now ${home.city}, ${home.state}`);
        void next();
      },
      onError: (failure) => setError(requestErrorMessage(failure)),
    });
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageTitle title={LOCATION_LABELS.title} />
      <Card className="flex flex-col gap-6 p-5 sm:p-8">
        <header className="flex flex-col items-start gap-4">
          <span className="grid size-14 place-items-center rounded-2xl bg-accent/15 text-accent">
            <LocateFixed aria-hidden className="size-7" />
          </span>
          <h1 className="font-display text-3xl font-bold tracking-tight">
            {LOCATION_LABELS.title}
          </h1>
          <p className="text-fg-muted">{LOCATION_LABELS.intro}</p>
        </header>
        {phase.name === 'offer' && phase.state.location && phase.state.home ? (
          <HomeOffer
            location={phase.state.location}
            home={phase.state.home}
            saving={makeHome.isPending}
            error={error}
            onMakeHome={acceptHome}
            onKeep={() => void next()}
          />
        ) : phase.name === 'fallback' ? (
          <FallbackNotice
            reason={phase.reason}
            state={phase.state}
            onContinue={() => void next()}
          />
        ) : (
          <Ask
            enabling={phase.name === 'enabling'}
            skipping={skip.isPending}
            error={error}
            onAllow={allow}
            onSkip={skipForNow}
          />
        )}
      </Card>
    </div>
  );
}

interface AskProps {
  enabling: boolean;
  skipping: boolean;
  error: string | null;
  onAllow: () => void;
  onSkip: () => void;
}

function Ask({ enabling, skipping, error, onAllow, onSkip }: AskProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">
        Your browser asks you first. Encore stores the position with its nearest city, replacing any
        earlier one; your home for alerts changes only if you say so.
      </p>
      <ErrorLine message={error} />
      <div className="flex flex-col gap-3">
        <Button size="lg" onClick={onAllow} disabled={enabling || skipping} aria-busy={enabling}>
          {enabling ? LOCATION_LABELS.allowing : LOCATION_LABELS.allow}
        </Button>
        <Button size="lg" variant="ghost" onClick={onSkip} disabled={enabling || skipping}>
          {LOCATION_LABELS.skip}
        </Button>
      </div>
    </div>
  );
}
