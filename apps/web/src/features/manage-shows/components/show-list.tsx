import type { TOwnShow } from '@encore/contract';
import { useId } from 'react';
import type { Owner } from '../utils/show-confirmation';
import { ShowCard } from './show-card';

interface ShowListProps {
  title: string;
  shows: readonly TOwnShow[];
  upcoming: boolean;
  owner: Owner;
  empty: string;
}

/** 'Upcoming' or 'Past': a heading and the cards, or a line saying there are none. */
export function ShowList({ title, shows, upcoming, owner, empty }: ShowListProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {shows.length === 0 ? (
        <p className="text-fg-muted">{empty}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shows.map((show) => (
            <li key={show.id}>
              <ShowCard show={show} upcoming={upcoming} owner={owner} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Placeholder cards while the shows load; announced to screen readers as 'Loading your shows'. */
export function ShowListSkeleton() {
  return (
    <div role="status" aria-label="Loading your shows" className="grid gap-4 md:grid-cols-2">
      {[0, 1, 2, 3].map((n) => (
        <div
          key={n}
          className="h-44 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}
