import {
  SHOW_REQUEST_MESSAGES as M,
  showRequestCountText,
  type TShowRequestState,
  ZShowRequestInput,
} from '@encore/contract';
import { Check, MapPin, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { useShowRequest } from '../api/get-show-request';
import { useRequestShow } from '../api/request-show';
import { useWithdrawShowRequest } from '../api/withdraw-show-request';

/**
 * "Request a show near me" on an artist's page, for a signed-in fan: asks the artist for a show at
 * the fan's home place, then reads "Requested · Withdraw" with how many fans asked for that city
 * ("212 fans asked for Denver", "A few" under five).
 */
export function ShowRequestButton({ artistId }: { artistId: string }) {
  const state = useShowRequest(artistId);
  const ask = useRequestShow(artistId);
  const withdraw = useWithdrawShowRequest(artistId);
  const [problem, setProblem] = useState<string | null>(null);
  if (!state.data) return null;
  const { place, requested } = state.data;
  if (!place) return <p className="text-sm text-fg-muted">{M.homeRequired}</p>;

  const act = (mutation: typeof ask, title: string) => {
    setProblem(null);
    // The same rule the server applies, before anything is sent.
    const input = ZShowRequestInput.safeParse({ zipCode: place.zipCode });
    if (!input.success) {
      setProblem(input.error.issues[0]?.message ?? M.notHome);
      return;
    }
    mutation.mutate(input.data, {
      onError: (error) => reportRequestError(error, { title, show: setProblem }),
    });
  };
  const busy = ask.isPending || withdraw.isPending;
  return (
    <div className="flex flex-col gap-2">
      {requested ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex h-9 items-center gap-1.5 rounded-full border border-accent px-3 text-sm font-semibold text-accent">
            <Check aria-hidden className="size-4" />
            {M.requested}
          </span>
          <span aria-hidden className="text-fg-muted">
            ·
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => act(withdraw, 'Could not withdraw the request')}
          >
            {withdraw.isPending ? <Spinner /> : <Undo2 aria-hidden className="size-4" />}
            {M.withdraw}
          </Button>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="w-fit"
          disabled={busy}
          onClick={() => act(ask, 'Could not send the request')}
        >
          {ask.isPending ? <Spinner /> : <MapPin aria-hidden className="size-4" />}
          {M.button}
        </Button>
      )}
      <CountLine state={state.data} />
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}

function CountLine({ state }: { state: TShowRequestState }) {
  if (!state.place) return null;
  const city = state.place.city;
  const text =
    state.fans === 0
      ? `Near ${city}, ${state.place.state}: be the first to ask`
      : showRequestCountText(state.fans, city);
  return <p className="text-sm text-fg-muted">{text}</p>;
}
