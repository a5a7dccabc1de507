import { SHOW_MESSAGES as S, type TShow } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCancelShow } from '../api/cancel-show';

const DANGER =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-danger px-4 font-semibold text-danger transition-colors hover:bg-danger hover:text-on-accent disabled:cursor-not-allowed';

/** 'Cancel' asks 'Cancel this show?' first; fans who track it are told (issue 5). */
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
      onError: (error) => toast.error('Could not cancel the show', { description: error.message }),
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        Cancel
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="font-display text-xl font-semibold">
            Cancel this show?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-fg-muted">
            {show.performer.name} at {show.venue.name} will be marked cancelled. This cannot be
            undone.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
              Keep Show
            </AlertDialog.Cancel>
            <AlertDialog.Action className={DANGER} disabled={cancel.isPending} onClick={onConfirm}>
              {cancel.isPending && <Spinner />}
              Cancel Show
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
