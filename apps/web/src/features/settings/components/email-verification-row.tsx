import type { TAccountSecurity } from '@encore/contract';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useSendEmailVerification } from '../api/send-email-verification';
import { VerificationStatus } from './verification-status';

/**
 * The 'Email Verified' row: the real state, and a link by mail when it is not verified yet. The
 * address itself is shown once, in the Login Email section above.
 */
export function EmailVerificationRow({ security }: { security: TAccountSecurity }) {
  const send = useSendEmailVerification();
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: () =>
        toast.success('Verification email sent', {
          description: `Open the link we sent to ${security.email}`,
        }),
      onError: (error) => reportRequestError(error, { title: 'Could not send the email' }),
    });

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <h3 className="font-medium">Email Verified</h3>
        <VerificationStatus verified={security.emailVerified} />
      </div>
      {!security.emailVerified && (
        <Button variant="secondary" size="sm" disabled={send.isPending} onClick={onSend}>
          Send verification email
        </Button>
      )}
    </div>
  );
}
