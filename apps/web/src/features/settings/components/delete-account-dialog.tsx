import { SETTINGS_MESSAGES as M } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import type { MouseEvent } from 'react';
import { toast } from 'sonner';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteAccount } from '../api/delete-account';

// Our own classes, not a Button variant's: cn() does not merge, so overriding colours is unreliable.
const DANGER =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-danger px-4 font-semibold text-danger transition-colors hover:bg-danger hover:text-on-accent disabled:cursor-not-allowed';

/** 'Delete Account' asks first (spec section 8), then deletes everything and goes to /landing. */
export function DeleteAccountDialog() {
  const remove = useDeleteAccount();
  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    // Keep the dialog open while the request runs; it goes with the page on success.
    event.preventDefault();
    remove.mutate(undefined, {
      onSuccess: () =>
        toast.success(M.accountDeletedTitle, { description: M.accountDeletedDescription }),
      onError: (error) =>
        toast.error('Could not delete your account', { description: error.message }),
    });
  };

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={DANGER}>
          Delete Account
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="font-display text-xl font-semibold">
            Delete Account
          </AlertDialog.Title>
          <AlertDialog.Description className="text-fg-muted">
            {M.deleteConfirm}
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className={DANGER} disabled={remove.isPending} onClick={onConfirm}>
              {remove.isPending && <Spinner />}
              Delete Account
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
