import { SHOW_TIME_OPTIONS, type TShowStatus } from '@encore/contract';
import { dateTimeFormat, numberFormat } from '@/lib/intl-format';

/** Show formatting shared by the public pages and the show management section. */
export const STATUS_LABELS: Record<TShowStatus, string> = {
  announced: 'Announced',
  on_sale: 'On Sale',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
};

/** The show's start in its venue's own time zone, e.g. 'Sat, Dec 12, 2026, 8:00 PM CST'. */
export function formatShowTime(iso: string, timeZone: string): string {
  return dateTimeFormat({ ...SHOW_TIME_OPTIONS, timeZone }).format(new Date(iso));
}

const money = (n: number) =>
  numberFormat({
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
  }).format(n);

/** '$20–$35', '$20', 'From $20', 'Up to $35', or null when no price is set. */
export function formatPriceRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return min === max ? money(min) : `${money(min)}–${money(max)}`;
  if (min !== null) return `From ${money(min)}`;
  if (max !== null) return `Up to ${money(max)}`;
  return null;
}
