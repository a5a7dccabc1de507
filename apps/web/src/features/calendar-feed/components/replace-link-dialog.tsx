import { AlertDialog } from 'radix-ui';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, DialogActions } from '@/components/ui/dialog-shell';
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
      <AlertDialogShell.Panel>
        <AlertDialogShell.Title>Replace your calendar link?</AlertDialogShell.Title>
        <AlertDialogShell.Description>
          The current link stops working at once, and calendars subscribed to it stop updating. Use
          this if the link was shared by mistake, then subscribe again with the new link.
        </AlertDialogShell.Description>
        <DialogActions>
          <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
            Keep current link
          </AlertDialog.Cancel>
          <AlertDialog.Action className={buttonClasses()} disabled={pending} onClick={confirm}>
            {pending && <Spinner />}
            Replace link
          </AlertDialog.Action>
        </DialogActions>
      </AlertDialogShell.Panel>
    </AlertDialog.Root>
  );
}
