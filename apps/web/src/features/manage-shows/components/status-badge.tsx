import type { TShowStatus } from '@encore/contract';
import { cn } from '@/lib/cn';
import { STATUS_LABELS } from '../utils/format-show';

const TONES: Record<TShowStatus, string> = {
  announced: 'border-line-strong text-fg',
  on_sale: 'border-accent text-accent',
  cancelled: 'border-danger text-danger',
  postponed: 'border-line-strong text-fg-muted',
};

interface StatusBadgeProps {
  status: TShowStatus;
  /** The show has been played: 'On Sale' or 'Announced' would read as if it were still to come. */
  played?: boolean;
}

export function StatusBadge({ status, played = false }: StatusBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex h-7 shrink-0 items-center rounded-full border px-3 text-xs font-semibold',
        played ? 'border-line-strong text-fg-muted' : TONES[status],
      )}
    >
      {played ? 'Played' : STATUS_LABELS[status]}
    </span>
  );
}
