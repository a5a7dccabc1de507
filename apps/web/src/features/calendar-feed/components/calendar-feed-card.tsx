import { FAN_PAGE_MESSAGES, type TCalendarFeed } from '@encore/contract';
import { CalendarDays, CalendarPlus, CircleAlert, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useTurnOffCalendarFeed } from '../api/turn-off-calendar-feed';
import { formatCreated, webcalUrl } from '../utils/calendar-link';
import { CalendarLinkField } from './calendar-link-field';
import { ReplaceLinkDialog } from './replace-link-dialog';

/** The fan's private calendar (ICS) link of the shows they are going to: create, copy, replace, turn off. */
export function CalendarFeedCard() {
  const titleId = useId();
  const query = useCalendarFeed();
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface-raised text-accent">
            <CalendarDays aria-hidden className="size-5" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 id={titleId} className="font-display text-xl font-semibold">
              Calendar feed
            </h2>
            <p className="text-sm text-fg-muted">
              Subscribe in Google Calendar, Apple Calendar or Outlook to see the shows you're going
              to. Keep the link private: anyone who has it can see them.
            </p>
          </div>
        </div>
        {query.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner className="size-4" />
            Loading your calendar link…
          </p>
        )}
        {query.isError && (
          <div role="alert" className="flex flex-col items-start gap-3 text-danger">
            <p className="flex items-start gap-2 text-sm">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>We could not load your calendar link. {query.error.message}</span>
            </p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {query.isSuccess && <FeedControls feed={query.data} />}
      </section>
    </Card>
  );
}

function FeedControls({ feed }: { feed: TCalendarFeed }) {
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const fail = (title: string) => (error: Error) => reportRequestError(error, { title });

  if (!feed.url) {
    const onCreate = () =>
      create.mutate(undefined, {
        onSuccess: () => toast.success(FAN_PAGE_MESSAGES.calendarFeedCreated),
        onError: fail('Could not create the calendar link'),
      });
    return (
      <Button className="self-start" disabled={create.isPending} onClick={onCreate}>
        {create.isPending ? <Spinner /> : <CalendarPlus aria-hidden className="size-5" />}
        Create calendar link
      </Button>
    );
  }

  const onReplace = (done: () => void) =>
    create.mutate(undefined, {
      onSuccess: () => {
        toast.success(FAN_PAGE_MESSAGES.calendarFeedReset);
        done();
      },
      onError: fail('Could not replace the calendar link'),
    });
  const onTurnOff = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => toast.success(FAN_PAGE_MESSAGES.calendarFeedOff),
      onError: fail('Could not turn off the calendar link'),
    });

  return (
    <div className="flex flex-col gap-4">
      <CalendarLinkField url={feed.url} />
      {feed.createdAt && (
        <p className="text-xs text-fg-muted">Created {formatCreated(feed.createdAt)}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <a
          href={webcalUrl(feed.url)}
          className={buttonClasses({ size: 'sm', className: 'w-full sm:w-auto' })}
        >
          <ExternalLink aria-hidden className="size-4" />
          Open in calendar app
        </a>
        <ReplaceLinkDialog pending={create.isPending} onConfirm={onReplace} />
        <Button variant="ghost" size="sm" disabled={turnOff.isPending} onClick={onTurnOff}>
          {turnOff.isPending && <Spinner className="size-4" />}
          Turn off
        </Button>
      </div>
    </div>
  );
}
