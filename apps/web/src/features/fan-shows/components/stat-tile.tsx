import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '@/components/shows/format-show';
import { cn } from '@/lib/cn';

interface StatTileProps {
  label: string;
  value: number;
  icon: LucideIcon;
  /** Tiles that lead somewhere are links; the rest are plain figures. */
  to?: string;
}

const tileClasses =
  'flex h-full flex-col-reverse items-start justify-end gap-1 rounded-2xl border border-line bg-surface/90 p-4';

/**
 * A count with its label. The label comes first in the DOM (flex-col-reverse puts the figure on
 * top) so a screen reader, and a link's name, reads 'Going To 3'.
 */
export function StatTile({ label, value, icon: Icon, to }: StatTileProps) {
  const body = (
    <>
      <span className="flex items-center gap-1.5 text-sm text-fg-muted">
        <Icon aria-hidden className="size-4 shrink-0 text-accent" />
        {label}
      </span>
      <span className="font-display text-3xl font-bold">{formatCount(value)}</span>
    </>
  );
  if (!to) return <div className={tileClasses}>{body}</div>;
  return (
    <Link to={to} className={cn(tileClasses, 'transition-colors hover:border-accent')}>
      {body}
    </Link>
  );
}
