import { GENRES, genreSlug, DISCOVERY_LABELS as L } from '@encore/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const chip =
  'inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-semibold transition-colors';

/**
 * Every genre as a link to its page, in a row that wraps (a phone shows every chip, no sideways
 * scrolling). Plain links, so Tab and Enter work and each can be opened in a new tab or shared.
 * `current` marks the genre whose page is open.
 */
export function GenreChips({ current }: { current?: (typeof GENRES)[number] }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-semibold text-fg-muted">
        {L.browseByGenre}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {GENRES.map((genre) => {
          const here = genre === current;
          return (
            <li key={genre}>
              <Link
                to={paths.fan.discoveryGenre.href(genreSlug(genre))}
                aria-current={here ? 'page' : undefined}
                className={cn(
                  chip,
                  here
                    ? 'border-accent bg-accent text-on-accent'
                    : 'border-line-strong bg-surface text-fg hover:border-accent hover:text-accent-strong',
                )}
              >
                {genre}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
