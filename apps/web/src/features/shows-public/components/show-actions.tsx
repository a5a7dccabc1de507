import type { TShowDetail } from '@encore/contract';
import { CalendarPlus, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { showCalendarUrl } from '@/api/shows';
import { TicketLink } from '@/components/shows/ticket-link';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * 'Purchase Ticket(s)' on the ticket site's host (not for cancelled shows), 'Add to calendar', and
 * 'Edit show' for its owners.
 */
export function ShowActions({ detail }: { detail: TShowDetail }) {
  const { show, canEdit } = detail;
  return (
    <div className="flex flex-wrap gap-2">
      {show.ticketUrl && show.status !== 'cancelled' && (
        <TicketLink
          showId={show.id}
          ticketUrl={show.ticketUrl}
          className={buttonClasses({ className: 'w-full sm:w-auto' })}
        />
      )}
      {/* The calendar file is public, like the page: none until the show is confirmed. */}
      {show.confirmation.state === 'confirmed' && (
        <a
          href={showCalendarUrl(show.id)}
          download
          className={buttonClasses({ variant: 'secondary' })}
        >
          <CalendarPlus aria-hidden className="size-4" />
          Add to calendar
        </a>
      )}
      {canEdit && (
        <Link
          to={paths.manageShows.edit.href(show.id)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          <Pencil aria-hidden className="size-4" />
          Edit show
        </Link>
      )}
    </div>
  );
}
