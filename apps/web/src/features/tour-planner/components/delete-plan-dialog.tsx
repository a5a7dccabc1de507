import type { TTourPlanSummary } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, ConfirmActions } from '@/components/ui/dialog-shell';
import { reportRequestError } from '@/lib/report-request-error';
import { useDeleteTourPlan } from '../api/tour-plans';

/** 'Delete' asks first: a deleted plan cannot be brought back. */
export function DeletePlanDialog({
  plan,
  onDeleted,
}: {
  plan: TTourPlanSummary;
  onDeleted: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTourPlan();
  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // keep the dialog open while the request runs
    remove.mutate(plan.id, {
      onSuccess: () => {
        toast.success('Tour plan deleted');
        setOpen(false);
        onDeleted(plan.id);
      },
      onError: (error) => reportRequestError(error, { title: 'Could not delete the plan' }),
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        aria-label={`Delete ${plan.name}`}
      >
        Delete
      </AlertDialog.Trigger>
      <AlertDialogShell.Panel>
        <AlertDialogShell.Title>Delete this plan?</AlertDialogShell.Title>
        <AlertDialogShell.Description>
          “{plan.name}” will be deleted. Booking requests you sent from it stay as they are.
        </AlertDialogShell.Description>
        <ConfirmActions
          cancelLabel="Keep plan"
          actionLabel="Delete plan"
          pending={remove.isPending}
          onConfirm={onConfirm}
        />
      </AlertDialogShell.Panel>
    </AlertDialog.Root>
  );
}
