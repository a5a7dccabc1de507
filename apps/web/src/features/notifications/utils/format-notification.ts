import { relativeTimeFormat } from '@/lib/intl-format';
/** The badge never grows past three characters. */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The bell's accessible name: the count is read out, the badge itself is hidden from readers. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday', 'just now' — alerts are about recency, not the exact minute. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size)
      return relativeTimeFormat({ numeric: 'auto' }).format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
