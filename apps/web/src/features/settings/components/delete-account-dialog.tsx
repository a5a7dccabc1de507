import { SETTINGS_MESSAGES as M } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import type { MouseEvent } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, ConfirmActions } from '@/components/ui/dialog-shell';
import { reportRequestError } from '@/lib/report-request-error';
import { useDeleteAccount } from '../api/delete-account';

// Our own classes, not a Button variant's: cn() does not merge, so overriding colours is unreliable.
/** 'Delete Account' asks first (spec section 8), then deletes everything and goes to /landing. */
export function DeleteAccountDialog() {
  const remove = useDeleteAccount();
  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    // Keep the dialog open while the request runs; it goes with the page on success.
    event.preventDefault();
    remove.mutate(undefined, {
      onError: (error) => reportRequestError(error, { title: 'Could not delete your account' }),
    });
  };

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={buttonClasses({ variant: 'danger' })}>
          Delete Account
        </button>
      </AlertDialog.Trigger>
      <AlertDialogShell.Panel>
        <AlertDialogShell.Title>Delete Account</AlertDialogShell.Title>
        <AlertDialogShell.Description>{M.deleteConfirm}</AlertDialogShell.Description>
        <ConfirmActions
          cancelLabel="Cancel"
          actionLabel="Delete Account"
          pending={remove.isPending}
          onConfirm={onConfirm}
        />
      </AlertDialogShell.Panel>
    </AlertDialog.Root>
  );
}
