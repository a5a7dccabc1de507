import type { TShow, TShowStatus } from '@encore/contract';

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

/** 'YYYY-MM-DDTHH:MM' of an instant in a time zone: a datetime-local input's value. */
export function toLocalInput(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
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

/** Upcoming: not yet started, or postponed (its new date may not be known yet). */
export function isUpcoming(show: TShow, now: number = Date.now()): boolean {
  return show.status === 'postponed' || Date.parse(show.startsAt) >= now;
}

/** A datetime-local value read on the device clock; the server checks it in the venue's zone. */
export function isFutureLocal(local: string, now: number = Date.now()): boolean {
  const time = new Date(local).getTime();
  return Number.isNaN(time) || time > now;
}
