import { AlertDialog } from 'radix-ui';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface ReplaceLinkDialogProps {
  pending: boolean;
  /** Runs the replacement; `done` closes the dialog once it succeeded. */
  onConfirm: (done: () => void) => void;
}

/** 'Replace link' asks first: calendars subscribed to the old link stop updating. */
export function ReplaceLinkDialog({ pending, onConfirm }: ReplaceLinkDialogProps) {
  const [open, setOpen] = useState(false);
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // keep the dialog open while the request runs
    onConfirm(() => setOpen(false));
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        Replace link
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="font-display text-xl font-semibold">
            Replace your calendar link?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-fg-muted">
            The current link stops working at once, and calendars subscribed to it stop updating.
            Use this if the link was shared by mistake, then subscribe again with the new link.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
              Keep current link
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses()} disabled={pending} onClick={confirm}>
              {pending && <Spinner />}
              Replace link
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
