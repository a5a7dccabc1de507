import type { TBookingRequest } from '@encore/contract';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import { DeclineBookingDialog } from './decline-booking-dialog';
import { HoldDateButton } from './hold-date-button';
import { WithdrawBookingDialog } from './withdraw-booking-dialog';

/** A confirmed request's show, for both sides. */
function ShowLink({ showId }: { showId: string | null }) {
  if (!showId) return null;
  return (
    <Link
      to={paths.show.href(showId)}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
    >
      View show
    </Link>
  );
}

/** The venue answers: hold or decline a pending request; confirm or decline a held one. */
export function VenueBookingActions({ request }: { request: TBookingRequest }) {
  switch (request.status) {
    case 'pending':
      return (
        <>
          <HoldDateButton request={request} />
          <DeclineBookingDialog request={request} />
        </>
      );
    case 'held':
      return (
        <>
          <ConfirmBookingDialog request={request} />
          <DeclineBookingDialog request={request} />
        </>
      );
    case 'confirmed':
      return <ShowLink showId={request.showId} />;
    default:
      return null;
  }
}

/** The performer may withdraw while the request is open, and finds the show once confirmed. */
export function PerformerBookingActions({ request }: { request: TBookingRequest }) {
  if (request.status === 'pending' || request.status === 'held') {
    return <WithdrawBookingDialog request={request} />;
  }
  if (request.status === 'confirmed') return <ShowLink showId={request.showId} />;
  return null;
}

/** What the venue wrote when it declined, shown to the performer. */
export function DeclineNote({ request }: { request: TBookingRequest }) {
  if (request.status !== 'declined' || !request.declineNote) return null;
  return (
    <blockquote className="break-words rounded-xl border border-line bg-surface-raised p-3 text-sm whitespace-pre-line">
      <span className="block font-semibold">Note from {request.venueName}</span>
      {request.declineNote}
    </blockquote>
  );
}
