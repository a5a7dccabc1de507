import { dateTimeFormat, numberFormat } from '@/lib/intl-format';
/**
 * How the dashboards write their figures. Unknown figures (null) never read as 0: they read as
 * NOT_KNOWN and the card says what would make them known.
 */
export const NOT_KNOWN = '—';

export const formatCount = (n: number) => numberFormat().format(n);
/** Revenue in whole dollars: '$12,400'. */
export const formatDollars = (n: number) =>
  numberFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
/** Small amounts per person keep their cents: '$12.50'. */
export const formatDollarsAndCents = (n: number) =>
  numberFormat({ style: 'currency', currency: 'USD' }).format(n);
/** A rate given as a fraction (0.8) as a percentage: '80%'. */
export const formatRate = (fraction: number) =>
  numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(fraction);

/** Growth in percent (already ×100), signed: '+25%', '−10%', '0%'. */
export function formatGrowth(percentValue: number): string {
  const rounded = Math.round(percentValue);
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}

/** A signed count: '+12', '−3', '0'. */
export function formatSignedCount(n: number): string {
  if (n === 0) return '0';
  return `${n > 0 ? '+' : '−'}${formatCount(Math.abs(n))}`;
}

export function orNotKnown<T>(value: T | null, format: (v: T) => string): string {
  return value === null ? NOT_KNOWN : format(value);
}

/** '2026-03' (a UTC calendar month from the API) → 'Mar 2026'. */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return dateTimeFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}

/** An instant from the API as the viewer's calendar day, e.g. 'May 2, 2026'. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  // No timeZone: the viewer's own. The API gives a tour's first and last show as UTC instants
  // without their venues' zones, and UTC would put every US evening show on the next day.
  const day = dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' });
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** 'Today', 'Tomorrow', 'In 12 days'. */
export function formatDaysToShow(days: number): string {
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${formatCount(days)} days`;
}
