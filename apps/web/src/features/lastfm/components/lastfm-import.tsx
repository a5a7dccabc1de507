import { LASTFM_MESSAGES as M, type TLastfmPreview } from '@encore/contract';
import { Radio } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useLastfmStatus } from '../api/get-lastfm-status';
import { LastfmChoices } from './lastfm-choices';
import { UsernameForm } from './username-form';

/**
 * 'Import from Last.fm' (onboarding's music step and Settings > Music): a username, a preview of
 * the artists found on Encore, and alerts on those the fan keeps ticked.
 */
export function LastfmImport() {
  const status = useLastfmStatus();
  const [offer, setOffer] = useState<TLastfmPreview | null>(null);

  return (
    <Card className="flex flex-col gap-5 p-5 text-left sm:p-6">
      <div className="flex items-start gap-3">
        <Radio aria-hidden className="mt-1 size-5 shrink-0 text-accent" />
        <div className="flex flex-col gap-1">
          <h2 className="font-display text-xl font-semibold">{M.title}</h2>
          <p className="text-sm text-fg-muted">
            Set alerts for the artists you play most and the artists of your loved tracks, when they
            are on Encore. Encore reads your public Last.fm profile once and keeps nothing of it.
          </p>
        </div>
      </div>
      {status.isPending ? (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner /> Checking Last.fm…
        </p>
      ) : status.isError ? (
        <p role="alert" className="text-danger">
          We could not check Last.fm. {status.error.message}
        </p>
      ) : !status.data.configured ? (
        <p className="text-fg-muted">{M.notConfigured}.</p>
      ) : offer ? (
        <LastfmChoices offer={offer} onDone={() => setOffer(null)} />
      ) : (
        <UsernameForm onPreview={setOffer} />
      )}
    </Card>
  );
}
