import type { TShow } from '@encore/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DateBlock } from './date-block';
import { formatShowTime } from './format-show';
import { StatusBadge } from './status-badge';

interface ShowCardProps {
  show: TShow;
  /** On an artist's page: the artist, so a show it plays as a supporting act says so. */
  artistId?: string;
}

/** One show in a list: date, who plays, where; the whole card links to the show page. */
export function ShowCard({ show, artistId }: ShowCardProps) {
  const supporting = artistId !== undefined && show.performer.id !== artistId;
  return (
    <Link
      to={paths.show.href(show.id)}
      className="flex items-center gap-4 rounded-2xl border border-line bg-surface/90 p-4 transition-colors hover:border-accent"
    >
      <DateBlock startsAt={show.startsAt} timeZone={show.timeZone} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate font-semibold">{show.performer.name}</span>
        {supporting && (
          <span className="w-fit rounded-full border border-accent px-2 py-0.5 text-xs font-semibold text-accent">
            Supporting
          </span>
        )}
        <span className="flex items-center gap-1 truncate text-sm text-fg-muted">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {show.venue.name}, {show.venue.city}, {show.venue.state}
        </span>
        <span className="text-sm text-fg-muted">
          {formatShowTime(show.startsAt, show.timeZone)}
        </span>
      </span>
      {(show.status === 'cancelled' || show.status === 'postponed') && (
        <StatusBadge status={show.status} />
      )}
    </Link>
  );
}

interface ShowListProps {
  title: string;
  shows: TShow[];
  empty: string;
  /** On an artist's page: the artist (see ShowCard). */
  artistId?: string;
}

/** A titled section of show cards, with its empty state. */
export function ShowList({ title, shows, empty, artistId }: ShowListProps) {
  const headingId = `shows-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {shows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-6 text-center text-fg-muted">
          {empty}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shows.map((show) => (
            <li key={show.id}>
              <ShowCard show={show} artistId={artistId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
