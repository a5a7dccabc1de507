import type { TShow } from '@encore/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { DateBlock } from '@/components/shows/date-block';
import { formatShowTime } from '@/components/shows/format-show';
import { StatusBadge } from '@/components/shows/status-badge';
import { paths } from '@/config/paths';

/**
 * A show under an artist's card, linking to its page: date, venue, city and, where known, how far
 * it is ('3.2 mi from home'). Recommended and the genre pages show their artists' shows this way.
 */
export function ShowSummary({ show, distance }: { show: TShow; distance: string | null }) {
  return (
    <Link
      to={paths.show.href(show.id)}
      className="flex items-center gap-3 rounded-xl border border-line bg-bg/40 p-3 transition-colors hover:border-accent"
    >
      <DateBlock startsAt={show.startsAt} timeZone={show.timeZone} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
        <span className="truncate font-semibold">{show.venue.name}</span>
        <span className="flex items-start gap-1 text-fg-muted">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {show.venue.city}, {show.venue.state}
            {distance && ` · ${distance}`}
          </span>
        </span>
        <span className="text-fg-muted">{formatShowTime(show.startsAt, show.timeZone)}</span>
      </span>
      {show.status === 'postponed' && <StatusBadge status={show.status} />}
    </Link>
  );
}
