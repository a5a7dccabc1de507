import type { TShowStatus } from '@encore/contract';
import { cn } from '@/lib/cn';
import { STATUS_LABELS } from './format-show';

const TONES: Record<TShowStatus, string> = {
  announced: 'border-line-strong text-fg',
  on_sale: 'border-accent text-accent',
  cancelled: 'border-danger bg-danger text-on-accent',
  postponed: 'border-accent bg-accent text-on-accent',
};

/** Cancelled and Postponed are filled so nobody misses them. */
export function StatusBadge({ status }: { status: TShowStatus }) {
  return (
    <span
      className={cn(
        'inline-flex h-7 shrink-0 items-center rounded-full border px-3 text-xs font-semibold',
        TONES[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
