import type { TShow } from '@encore/contract';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { formatShowTime } from '@/components/shows/format-show';
import { paths } from '@/config/paths';

/**
 * Venue (linked when it is on Encore), city, and the start in the venue's own time zone: as the
 * server wrote it (`startsText`, the fan home's), or formatted here.
 */
export function ShowWhereWhen({ show, startsText }: { show: TShow; startsText?: string }) {
  const { venue } = show;
  return (
    <div className="flex flex-col gap-1 text-sm text-fg-muted">
      <p className="flex items-start gap-1.5">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          {venue.id ? (
            <Link
              to={paths.venuePage.href(venue.id)}
              className="font-semibold text-fg underline-offset-4 hover:text-accent hover:underline"
            >
              {venue.name}
            </Link>
          ) : (
            <span className="font-semibold text-fg">{venue.name}</span>
          )}
          , {venue.city}, {venue.state}
        </span>
      </p>
      <p className="flex items-start gap-1.5">
        <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <time dateTime={show.startsAt}>
          {startsText ?? formatShowTime(show.startsAt, show.timeZone)}
        </time>
      </p>
    </div>
  );
}
