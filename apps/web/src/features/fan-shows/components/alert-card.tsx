import type { TAlertFeedItem } from '@encore/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { ConnectDialog } from '@/components/shows/connect-dialog';
import { DateBlock } from '@/components/shows/date-block';
import { StatusBadge } from '@/components/shows/status-badge';
import { TicketLink } from '@/components/shows/ticket-link';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AlertReason } from './alert-reason';
import { GoingCount } from './going-count';
import { GoingToggle } from './going-toggle';
import { ShowWhereWhen } from './show-where-when';

/** One show on 'Your Alerts': who, where, when, why it is here, who is going, and what to do. */
export function AlertCard({ item }: { item: TAlertFeedItem }) {
  const { show } = item;
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface/90 p-4 sm:p-5"
    >
      <div className="flex items-start gap-4">
        <DateBlock startsAt={show.startsAt} timeZone={show.timeZone} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id={headingId} className="font-display text-lg font-semibold">
              <Link
                to={paths.artistPage.href(show.performer.id)}
                className="underline-offset-4 hover:text-accent hover:underline"
              >
                {show.performer.name}
              </Link>
            </h2>
            {show.status === 'postponed' && <StatusBadge status={show.status} />}
          </div>
          <ShowWhereWhen show={show} />
          <AlertReason reason={item.reason} performer={show.performer.name} />
        </div>
      </div>
      <GoingCount item={item} />
      <div className="flex flex-wrap gap-2">
        <GoingToggle showId={show.id} going={item.myAttendance === 'going'} />
        <ConnectDialog showId={show.id} performerName={show.performer.name} />
        {show.ticketUrl && (
          <TicketLink
            showId={show.id}
            ticketUrl={show.ticketUrl}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          />
        )}
        <Link
          to={paths.show.href(show.id)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          Show details
        </Link>
      </div>
    </article>
  );
}
