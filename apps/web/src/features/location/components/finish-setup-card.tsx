import { LOCATION_LABELS } from '@encore/contract';
import { ArrowRight, LocateFixed, Music, Smartphone, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { reportRequestError } from '@/lib/report-request-error';
import { useDismissFinishSetup } from '../api/dismiss-finish-setup';
import { useFinishSetup } from '../api/get-finish-setup';

/**
 * The dashboard's one-time card after fan setup: the location step, then the music provider
 * step, and verifying the phone when the fan chose SMS (no text goes out before). The server
 * decides what it shows (offered at setup; the location steps gone once done, the phone step once
 * verified, everything once dismissed), so it does not come back on another device. Renders
 * nothing while loading or when the server cannot say: it is an offer, not part of the page.
 */
export function FinishSetupCard() {
  const card = useFinishSetup();
  const dismiss = useDismissFinishSetup();
  const headingId = useId();
  const locationSteps = card.data?.visible === true;
  const verifyPhone = card.data?.verifyPhone === true;
  if (!locationSteps && !verifyPhone) return null;
  return (
    <section aria-labelledby={headingId}>
      <Card className="relative flex flex-col gap-4 border-accent/60 p-4 sm:p-6">
        <button
          type="button"
          aria-label={LOCATION_LABELS.dismiss}
          onClick={() =>
            dismiss.mutate(undefined, {
              // The card comes back (the hook restores it); say why instead of it just reappearing.
              onError: (error) => reportRequestError(error, { title: 'Could not hide this card' }),
            })
          }
          className="absolute top-2 right-2 grid size-10 place-items-center rounded-xl text-fg-muted hover:bg-surface-raised hover:text-fg"
        >
          <X aria-hidden className="size-5" />
        </button>
        <h2 id={headingId} className="pr-10 font-display text-xl font-semibold">
          {LOCATION_LABELS.finishSetup}
        </h2>
        {locationSteps && <p className="text-fg-muted">{LOCATION_LABELS.finishSetupText}</p>}
        <ol className="flex flex-col gap-2 text-sm">
          {locationSteps && (
            <>
              <li className="flex items-center gap-2">
                <LocateFixed aria-hidden className="size-4 text-accent" />
                {LOCATION_LABELS.title}
              </li>
              <li className="flex items-center gap-2">
                <Music aria-hidden className="size-4 text-accent" />
                Connect Spotify
              </li>
            </>
          )}
          {verifyPhone && (
            <li className="flex items-center gap-2">
              <Smartphone aria-hidden className="size-4 text-accent" />
              <Link
                to={paths.fan.verifyPhone.href()}
                className="font-semibold text-accent underline-offset-4 hover:underline"
              >
                {LOCATION_LABELS.verifyPhoneStep}
              </Link>
            </li>
          )}
        </ol>
        {locationSteps && (
          <Link
            to={paths.fan.onboardingLocation.href()}
            className={buttonClasses({ className: 'w-full sm:w-fit' })}
          >
            {LOCATION_LABELS.finishSetupAction}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        )}
      </Card>
    </section>
  );
}
