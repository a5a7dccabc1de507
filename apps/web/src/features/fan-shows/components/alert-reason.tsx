import type { TAlertReason } from '@encore/contract';
import { Eye, Radar } from 'lucide-react';
import { numberFormat } from '@/lib/intl-format';

const formatMiles = (miles: number) => numberFormat({ maximumFractionDigits: 1 }).format(miles);

/**
 * Why this show is on the feed, in the words its alert's why uses: a watched artist, a favourite
 * genre near home (with the distance, the home and the radius that let it in), or both.
 */
export function AlertReason({ reason, performer }: { reason: TAlertReason; performer: string }) {
  if (!reason.watching && !reason.nearby) return null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {reason.watching && (
        <span className="flex items-center gap-1.5">
          <Eye aria-hidden className="size-4 shrink-0 text-accent" />
          You watch {performer}
        </span>
      )}
      {reason.nearby && (
        <span className="flex items-center gap-1.5">
          <Radar aria-hidden className="size-4 shrink-0 text-accent" />
          {reason.nearby.genre} show {formatMiles(reason.nearby.distanceMiles)} mi from{' '}
          {reason.nearby.home || 'home'} — within your {reason.nearby.radiusMiles} mi radius
        </span>
      )}
    </p>
  );
}
