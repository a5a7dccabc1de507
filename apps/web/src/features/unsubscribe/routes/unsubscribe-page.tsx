import {
  NOTIFICATION_MESSAGES,
  type TUnsubscribeScope,
  UNSUBSCRIBE_SCOPE_LABELS,
  UNSUBSCRIBED_MESSAGES,
  unsubscribeScopeOf,
} from '@encore/contract';
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

/** Each kind of mail's words; the labels and confirmations come from the contract. */
const COPY: Record<TUnsubscribeScope, { heading: string; question: string; settings: string }> = {
  alerts: {
    heading: 'Alert emails',
    question: 'Stop getting show alerts by email? Your other alert channels stay as they are.',
    settings: 'email alerts',
  },
  'show-pals': {
    heading: 'Show Pals emails',
    question:
      'Stop getting Show Pal requests, acceptances and invites by email? You still see them in ' +
      'Encore, and your alert emails stay as they are.',
    settings: 'Show Pals emails',
  },
  artists: {
    heading: 'Artist message emails',
    question:
      'Stop getting messages from artists by email? You still see them in your notifications, ' +
      'and your alert emails stay as they are.',
    settings: 'artist message emails',
  },
};

/**
 * /unsubscribe?token=… (the link in every mail a fan can switch off): no login, one click, and
 * only the kind of mail the token names (alert or Show Pals emails; read from the token's form,
 * and the answer says what the server switched off). Opening the page changes nothing (decision
 * 009): mail scanners and link previews open links, and must not unsubscribe anyone. Mail
 * clients' own one-click button posts to the API directly (RFC 8058's List-Unsubscribe-Post),
 * without this page.
 */
export function UnsubscribePageRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const refused = unsubscribe.isError && refusedToken(unsubscribe.error);
  const scope = unsubscribe.data?.scope ?? unsubscribeScopeOf(token);
  const copy = COPY[scope ?? 'alerts'];
  const label = UNSUBSCRIBE_SCOPE_LABELS[scope ?? 'alerts'];

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageTitle title="Unsubscribe" />
      <h1 className="font-display text-3xl font-bold tracking-tight">{copy.heading}</h1>
      <Card className="flex flex-col items-start gap-4">
        {scope === null || refused ? (
          <div role="alert" className="flex items-start gap-2 text-danger">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>{NOTIFICATION_MESSAGES.badUnsubscribeLink}</p>
          </div>
        ) : unsubscribe.isSuccess ? (
          <div role="status" className="flex items-start gap-3">
            <MailX aria-hidden className="mt-0.5 size-6 shrink-0 text-accent" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{UNSUBSCRIBED_MESSAGES[unsubscribe.data.scope]}</p>
              <p className="text-fg-muted">
                No more {label} go to{' '}
                <span className="font-medium text-fg">{unsubscribe.data.email}</span>.
              </p>
            </div>
          </div>
        ) : (
          <>
            <p>{copy.question}</p>
            {unsubscribe.isError && (
              <div role="alert" className="flex items-start gap-2 text-danger">
                <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
                <p>{requestErrorMessage(unsubscribe.error)}</p>
              </div>
            )}
            <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending && <Spinner />}
              {unsubscribe.isPending ? 'Unsubscribing…' : `Unsubscribe from ${label}`}
            </Button>
          </>
        )}
        <p className="text-sm text-fg-muted">
          {unsubscribe.isSuccess ? 'Changed your mind? Turn' : 'You can also turn'} {copy.settings}{' '}
          on or off in your notification settings.
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
