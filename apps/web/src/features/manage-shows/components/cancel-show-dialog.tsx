import { SHOW_MESSAGES as S, type TShow } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, ConfirmActions } from '@/components/ui/dialog-shell';
import { reportRequestError } from '@/lib/report-request-error';
import { useCancelShow } from '../api/cancel-show';

/** 'Cancel' asks 'Cancel this show?' first; fans who track it are told. */
export function CancelShowDialog({ show }: { show: TShow }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelShow();
  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // keep the dialog open while the request runs
    cancel.mutate(show.id, {
      onSuccess: () => {
        toast.success(S.cancelledTitle);
        setOpen(false);
      },
      onError: (error) => reportRequestError(error, { title: 'Could not cancel the show' }),
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        Cancel
      </AlertDialog.Trigger>
      <AlertDialogShell.Panel>
        <AlertDialogShell.Title>Cancel this show?</AlertDialogShell.Title>
        <AlertDialogShell.Description>
          {show.performer.name} at {show.venue.name} will be marked cancelled. This cannot be
          undone.
        </AlertDialogShell.Description>
        <ConfirmActions
          cancelLabel="Keep Show"
          actionLabel="Cancel Show"
          pending={cancel.isPending}
          onConfirm={onConfirm}
        />
      </AlertDialogShell.Panel>
    </AlertDialog.Root>
  );
}
