import { POSTPONED_WHEN, type TShow } from '@encore/contract';
import { CalendarDays, MapPin, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPriceRange, formatShowTime } from '@/components/shows/format-show';
import { paths } from '@/config/paths';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">
        <span aria-hidden className="text-accent">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-7">{children}</dd>
    </div>
  );
}

/**
 * When (in the venue's zone; a postponed show says whether it has its new date), where (linked
 * when the venue is on Encore) and how much.
 */
export function ShowFacts({ show, newDatePending }: { show: TShow; newDatePending: boolean }) {
  const { venue } = show;
  const price = formatPriceRange(show.priceMin, show.priceMax);
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Fact icon={<CalendarDays className="size-5" />} label="Date and time">
        {show.status === 'postponed' && newDatePending ? (
          <span>
            Postponed:{' '}
            <span className="text-fg-muted">
              {POSTPONED_WHEN.pending(formatShowTime(show.startsAt, show.timeZone))}
            </span>
          </span>
        ) : show.status === 'postponed' ? (
          <span>
            {POSTPONED_WHEN.movedTo}{' '}
            <time dateTime={show.startsAt}>{formatShowTime(show.startsAt, show.timeZone)}</time>
          </span>
        ) : (
          <time dateTime={show.startsAt}>{formatShowTime(show.startsAt, show.timeZone)}</time>
        )}
      </Fact>
      <Fact icon={<MapPin className="size-5" />} label="Venue">
        {venue.id ? (
          <Link
            to={paths.venuePage.href(venue.id)}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            {venue.name}
          </Link>
        ) : (
          <span className="font-semibold">{venue.name}</span>
        )}
        <address className="text-sm text-fg-muted not-italic">
          {venue.streetAddress}, {venue.city}, {venue.state} {venue.zipCode}
        </address>
      </Fact>
      <Fact icon={<Ticket className="size-5" />} label="Price">
        {price ?? <span className="text-fg-muted">Not announced</span>}
      </Fact>
    </dl>
  );
}
