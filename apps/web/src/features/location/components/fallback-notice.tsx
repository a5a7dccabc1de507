import { LOCATION_MESSAGES, type TFallbackReason, type TFanLocationState } from '@encore/contract';
import { MapPinOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface FallbackNoticeProps {
  reason: TFallbackReason;
  state: TFanLocationState;
  onContinue: () => void;
}

/** No usable position: say why, that New York stands in, and that the home did not change. */
export function FallbackNotice({ reason, state, onContinue }: FallbackNoticeProps) {
  const { home, location } = state;
  // A real position stored on an earlier visit is kept rather than replaced by New York.
  const keptEarlier = location?.source === 'device';
  return (
    <div className="flex flex-col gap-5">
      <div role="alert" className="flex items-start gap-3">
        <MapPinOff aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">
            <span>{LOCATION_MESSAGES[reason]}</span>{' '}
            <span>
              {keptEarlier
                ? `${LOCATION_MESSAGES.keepingEarlier} ${location.city}, ${location.state}.`
                : LOCATION_MESSAGES.usingNewYork}
            </span>
          </p>
          {home && (
            <p className="text-fg-muted">
              Your home for alerts stays {home.city}, {home.state}.
            </p>
          )}
        </div>
      </div>
      <Button size="lg" onClick={onContinue} className="sm:w-fit">
        Continue
      </Button>
    </div>
  );
}
