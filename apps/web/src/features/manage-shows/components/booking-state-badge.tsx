import { BOOKING_STATE_LABELS, type TBookingRequestState } from '@encore/contract';
import { cn } from '@/lib/cn';

const TONES: Record<TBookingRequestState, string> = {
  pending: 'border-line-strong text-fg',
  held: 'border-accent text-accent',
  confirmed: 'border-accent bg-accent/10 text-accent',
  declined: 'border-danger text-danger',
  withdrawn: 'border-line-strong text-fg-muted',
};

/** The request's state in the contract's words ('Requested', 'Date held', ...). */
export function BookingStateBadge({ status }: { status: TBookingRequestState }) {
  return (
    <span
      className={cn(
        'inline-flex h-7 shrink-0 items-center rounded-full border px-3 text-xs font-semibold',
        TONES[status],
      )}
    >
      {BOOKING_STATE_LABELS[status]}
    </span>
  );
}
