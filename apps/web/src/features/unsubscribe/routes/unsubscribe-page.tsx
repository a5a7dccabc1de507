import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { CircleAlert, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { requestErrorMessage } from '@/lib/report-request-error';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… (the link in every alert email): takes effect on opening, no login. The
 * POST goes out once: the ref survives React's development double effect, a state would not.
 */
export function UnsubscribePageRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const badLink = token === '' || unsubscribe.isError;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageTitle title="Unsubscribe" />
      <h1 className="font-display text-3xl font-bold tracking-tight">Alert emails</h1>
      <Card className="flex flex-col items-start gap-4">
        {badLink ? (
          <div role="alert" className="flex items-start gap-2 text-danger">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>{failureMessage(unsubscribe.error)}</p>
          </div>
        ) : unsubscribe.isSuccess ? (
          <div role="status" className="flex items-start gap-3">
            <MailX aria-hidden className="mt-0.5 size-6 shrink-0 text-accent" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{NOTIFICATION_MESSAGES.unsubscribed}</p>
              <p className="text-fg-muted">
                No more alert emails go to{' '}
                <span className="font-medium text-fg">{unsubscribe.data.email}</span>.
              </p>
            </div>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-2 text-fg-muted">
            <Spinner /> Unsubscribing…
          </p>
        )}
        <p className="text-sm text-fg-muted">
          Changed your mind? Turn email alerts back on in your notification settings.
        </p>
        <Link to={paths.fan.settings.href()} className={buttonClasses({ variant: 'secondary' })}>
          Notification settings
        </Link>
      </Card>
    </div>
  );
}

/**
 * A refused token (400, 404) is a bad link; anything else (a rate limit, a server error, a lost
 * connection) says what happened, since the link may be fine and worth opening again.
 */
function failureMessage(error: Error | null): string {
  const refusedToken = error instanceof ApiError && (error.status === 400 || error.status === 404);
  if (error === null || refusedToken) return NOTIFICATION_MESSAGES.badUnsubscribeLink;
  return requestErrorMessage(error);
}
