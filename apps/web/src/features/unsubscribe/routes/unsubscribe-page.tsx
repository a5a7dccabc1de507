import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { CircleAlert, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { requestErrorMessage } from '@/lib/report-request-error';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… (the link in every alert email): no login, one click. Opening the page
 * changes nothing (decision 009): mail scanners and link previews open links, and must not
 * unsubscribe anyone. Mail clients' own one-click button posts to the API directly (RFC 8058's
 * List-Unsubscribe-Post), without this page.
 */
export function UnsubscribePageRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const refused = unsubscribe.isError && refusedToken(unsubscribe.error);

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageTitle title="Unsubscribe" />
      <h1 className="font-display text-3xl font-bold tracking-tight">Alert emails</h1>
      <Card className="flex flex-col items-start gap-4">
        {token === '' || refused ? (
          <div role="alert" className="flex items-start gap-2 text-danger">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>{NOTIFICATION_MESSAGES.badUnsubscribeLink}</p>
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
          <>
            <p>Stop getting show alerts by email? Your other alert channels stay as they are.</p>
            {unsubscribe.isError && (
              <div role="alert" className="flex items-start gap-2 text-danger">
                <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
                <p>{requestErrorMessage(unsubscribe.error)}</p>
              </div>
            )}
            <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending && <Spinner />}
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe from alert emails'}
            </Button>
          </>
        )}
        <p className="text-sm text-fg-muted">
          {unsubscribe.isSuccess ? 'Changed your mind? Turn' : 'You can also turn'} email alerts on
          or off in your notification settings.
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
 * connection) says what happened under the button, since the link may be fine and worth a retry.
 */
function refusedToken(error: Error): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}
