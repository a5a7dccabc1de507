import type { TShowStatus } from '@encore/contract';

export const STATUS_LABELS: Record<TShowStatus, string> = {
  announced: 'Announced',
  on_sale: 'On Sale',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
};

/** The show's start in its venue's own time zone, e.g. 'Sat, Dec 12, 2026, 8:00 PM CST'. */
export function formatShowTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** Month and day for a card's date block, in the venue's zone: { month: 'DEC', day: '12' }. */
export function dateBlock(iso: string, timeZone: string): { month: string; day: string } {
  const date = new Date(iso);
  const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone }).format(date);
  const day = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone }).format(date);
  return { month: month.toUpperCase(), day };
}

const money = (n: number) =>
  new Intl.NumberFormat('en-US', {
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

/** 'Night Static' → 'NS'; a face for people and bands without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0] ?? '', words.at(-1) ?? ''] : words;
  return letters.map((w) => w.charAt(0).toUpperCase()).join('') || '?';
}

export const formatCount = (n: number) => new Intl.NumberFormat('en-US').format(n);
