import type { ReactNode } from 'react';

/** Cards one under another on a phone, two or three a row on wider screens. */
export function ArtistGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
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
