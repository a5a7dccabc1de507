import { BOOKING_MESSAGES, type TBookingRequest } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { useWithdrawBookingRequest } from '@/api/booking-requests';
import { buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, ConfirmActions } from '@/components/ui/dialog-shell';
import { reportRequestError } from '@/lib/report-request-error';
import { formatBookingDate } from '../utils/booking-requests';

/** 'Withdraw' (performer, pending or held): asks first, since a held night is given back. */
export function WithdrawBookingDialog({ request }: { request: TBookingRequest }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawBookingRequest();
  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // keep the dialog open while the request runs
    withdraw.mutate(request.id, {
      onSuccess: () => {
        toast.success(BOOKING_MESSAGES.withdrawn);
        setOpen(false);
      },
      onError: (error) => reportRequestError(error, { title: 'Could not withdraw the request' }),
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        Withdraw
      </AlertDialog.Trigger>
      <AlertDialogShell.Panel>
        <AlertDialogShell.Title>Withdraw this request?</AlertDialogShell.Title>
        <AlertDialogShell.Description>
          {request.venueName} will no longer {request.status === 'held' ? 'hold' : 'be asked for'}{' '}
          {formatBookingDate(request.date)} for you. This cannot be undone.
        </AlertDialogShell.Description>
        <ConfirmActions
          cancelLabel="Keep Request"
          actionLabel="Withdraw Request"
          pending={withdraw.isPending}
          onConfirm={onConfirm}
        />
      </AlertDialogShell.Panel>
    </AlertDialog.Root>
  );
}
