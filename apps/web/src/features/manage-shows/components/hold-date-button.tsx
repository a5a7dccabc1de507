import { BOOKING_MESSAGES, type TBookingRequest } from '@encore/contract';
import { toast } from 'sonner';
import { useAcceptBookingRequest } from '@/api/booking-requests';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';

/**
 * 'Hold date' (venue, pending): keeps the night for this performer. No confirmation step: a hold
 * commits to nothing public and can still be declined.
 */
export function HoldDateButton({ request }: { request: TBookingRequest }) {
  const accept = useAcceptBookingRequest();
  const onClick = () =>
    accept.mutate(request.id, {
      onSuccess: () => toast.success(BOOKING_MESSAGES.accepted),
      onError: (error) => reportRequestError(error, { title: 'Could not hold the date' }),
    });
  return (
    <Button size="sm" disabled={accept.isPending} onClick={onClick}>
      {accept.isPending && <Spinner />}
      Hold date
    </Button>
  );
}
