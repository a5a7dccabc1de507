import { DATE_LEAF_DAY, DATE_LEAF_MONTH } from '@encore/contract';
import { dateTimeFormat, numberFormat } from '@/lib/intl-format';

export { formatPriceRange, formatShowTime, STATUS_LABELS } from '@/lib/show-format';

/** Month and day for a card's date block, in the venue's zone: { month: 'DEC', day: '12' }. */
export function dateBlock(iso: string, timeZone: string): { month: string; day: string } {
  const date = new Date(iso);
  const month = dateTimeFormat({ ...DATE_LEAF_MONTH, timeZone }).format(date);
  const day = dateTimeFormat({ ...DATE_LEAF_DAY, timeZone }).format(date);
  return { month: month.toUpperCase(), day };
}

/** 'Night Static' → 'NS'; a face for people and bands without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0] ?? '', words.at(-1) ?? ''] : words;
  return letters.map((w) => w.charAt(0).toUpperCase()).join('') || '?';
}

/**
 * '1,234': a count as Intl.NumberFormat writes it in English (US). Whole numbers are grouped here,
 * without Intl: the dashboard's tiles are its first screen, and a phone's first Intl object costs
 * 13–17 ms while the browser loads its locale data (on a slow phone); format-show.test.ts holds the two
 * to the same text.
 */
export const formatCount = (n: number) =>
  Number.isSafeInteger(n) && !Object.is(n, -0)
    ? String(n).replace(/\B(?=(\d{3})+$)/g, ',')
    : numberFormat().format(n);
