import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Cards one under another on a phone, two a row on wider screens, three on desktops unless the
 * cards are `wide` (they carry a show). `grid-cols-1` on a phone: the implicit column is `auto`,
 * which grows to a card's widest unbreakable line (a long venue name that would be truncated), so
 * cards ran past a 390 px screen; `minmax(0, 1fr)` holds them to the screen and lets them truncate.
 */
export function ArtistGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <ul className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', !wide && 'lg:grid-cols-3')}>
      {children}
    </ul>
  );
}

/** Grey cards in the shape of the results while they load, announced as 'Loading {what}'. */
export function ArtistGridSkeleton({ what }: { what: string }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${what}`}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      {['a', 'b', 'c'].map((key) => (
        <div
          key={key}
          className="h-36 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}
