import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Cards one under another on a phone, two a row on wider screens, three on desktops unless the
 * cards are `wide` (they carry a show).
 */
export function ArtistGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <ul className={cn('grid gap-3 sm:grid-cols-2', !wide && 'lg:grid-cols-3')}>{children}</ul>;
}

/** Grey cards in the shape of the results while they load, announced as 'Loading {what}'. */
export function ArtistGridSkeleton({ what }: { what: string }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${what}`}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
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
