import type { TCityShow } from '@encore/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { DateBlock } from '@/components/shows/date-block';
import { formatShowTime } from '@/components/shows/format-show';
import { StatusBadge } from '@/components/shows/status-badge';
import { paths } from '@/config/paths';

const miles = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} mi`;

/** The page's shows: who, with whom, where, when in the venue's own zone, genre and distance. */
export function CityShowList({ shows }: { shows: TCityShow[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {shows.map((show) => (
        <li key={show.id}>
          <Link
            to={paths.show.href(show.id)}
            className="flex items-center gap-4 rounded-2xl border border-line bg-surface/90 p-4 transition-colors hover:border-accent"
          >
            <DateBlock startsAt={show.startsAt} timeZone={show.timeZone} />
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-semibold break-words">{show.artist.name}</span>
              {show.supportingActs.length > 0 && (
                <span className="text-sm text-fg-muted">with {show.supportingActs.join(', ')}</span>
              )}
              <span className="flex items-center gap-1 text-sm text-fg-muted">
                <MapPin aria-hidden className="size-4 shrink-0" />
                <span className="min-w-0 break-words">
                  {show.venue.name}, {show.venue.city}, {show.venue.state}
                </span>
              </span>
              <span className="text-sm text-fg-muted">
                {formatShowTime(show.startsAt, show.timeZone)}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                <span className="rounded-full border border-line-strong px-2 py-0.5">
                  {show.genre}
                </span>
                <span className="text-fg-muted">{miles(show.distanceMiles)} away</span>
                {show.status === 'postponed' && <StatusBadge status={show.status} />}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
