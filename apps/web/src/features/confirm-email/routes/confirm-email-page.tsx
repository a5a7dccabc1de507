import { EMAIL_CHANGE_MESSAGES } from '@encore/contract';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { requestErrorMessage } from '@/lib/report-request-error';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/**
 * /account/confirm-email#token=… (the link mailed to the new address): the change takes effect
 * on opening, signed in or not, and the account's other sessions end (this browser's stays when
 * it is signed in to that account). The token rides in the #fragment, which no server ever sees,
 * so it is in no access log; the POST goes out once (the ref survives React's double effect).
 */
export function ConfirmEmailPageRoute() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const badLink = token === '' || confirm.isError;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageTitle title="Confirm email" />
      <h1 className="font-display text-3xl font-bold tracking-tight">Your email address</h1>
      <Card className="flex flex-col items-start gap-4">
        {badLink ? (
          <div role="alert" className="flex items-start gap-2 text-danger">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>{failureMessage(confirm.error)}</p>
          </div>
        ) : confirm.isSuccess ? (
          <div role="status" className="flex items-start gap-3">
            <MailCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-accent" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">Email changed</p>
              <p className="text-fg-muted">
                Your Encore email is now{' '}
                <span className="font-medium break-all text-fg">{confirm.data.email}</span>. Use it
                to login; alerts go there from now on.
              </p>
              <p className="text-fg-muted">You've been signed out on your other devices.</p>
            </div>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-2 text-fg-muted">
            <Spinner /> Confirming your new email…
          </p>
        )}
        <Link to={paths.splash.href()} className={buttonClasses({ variant: 'secondary' })}>
          Go to Encore
        </Link>
      </Card>
    </div>
  );
}

/**
 * A refused token says so in the server's words (used, expired, forged); anything else (a rate
 * limit, a server error, a lost connection) says what happened: the link may still be good.
 */
function failureMessage(error: Error | null): string {
  if (error === null) return EMAIL_CHANGE_MESSAGES.linkInvalid;
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    return error.message;
  }
  return requestErrorMessage(error);
}
