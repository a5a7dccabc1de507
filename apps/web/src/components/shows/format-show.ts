import { dateTimeFormat, numberFormat } from '@/lib/intl-format';

export { formatPriceRange, formatShowTime, STATUS_LABELS } from '@/lib/show-format';

/** Month and day for a card's date block, in the venue's zone: { month: 'DEC', day: '12' }. */
export function dateBlock(iso: string, timeZone: string): { month: string; day: string } {
  const date = new Date(iso);
  const month = dateTimeFormat({ month: 'short', timeZone }).format(date);
  const day = dateTimeFormat({ day: 'numeric', timeZone }).format(date);
  return { month: month.toUpperCase(), day };
}

/** 'Night Static' → 'NS'; a face for people and bands without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0] ?? '', words.at(-1) ?? ''] : words;
  return letters.map((w) => w.charAt(0).toUpperCase()).join('') || '?';
}

export const formatCount = (n: number) => numberFormat().format(n);
