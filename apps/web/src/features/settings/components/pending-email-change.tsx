import { EMAIL_CHANGE_MESSAGES, type TEmailChangeState } from '@encore/contract';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useResendEmailChange } from '../api/resend-email-change';

type Pending = NonNullable<TEmailChangeState['pending']>;

/**
 * Under the Email field while a change waits for its link: where the link went, 'Resend' (a new
 * link; the earlier one stops working) and 'Cancel'. The account keeps its address meanwhile.
 */
export function PendingEmailChange({ pending }: { pending: Pending }) {
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const busy = resend.isPending || cancel.isPending;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast.success('Link sent again', {
          description: EMAIL_CHANGE_MESSAGES.sentTo(pending.newEmail),
        }),
      onError: (error) => reportRequestError(error, { title: 'Could not resend the link' }),
    });
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success('Email change cancelled'),
      onError: (error) => reportRequestError(error, { title: 'Could not cancel the change' }),
    });

  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-md border border-line p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <span className="[overflow-wrap:anywhere]">
          {EMAIL_CHANGE_MESSAGES.sentTo(pending.newEmail)}
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={onResend}>
          Resend
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
