import { numberFormat } from '@/lib/intl-format';

/** '3.2 mi', '48 mi', '2,446 mi': tenths only where they still mean something. */
export function formatMiles(miles: number): string {
  return `${numberFormat({ maximumFractionDigits: miles < 10 ? 1 : 0 }).format(miles)} mi`;
}
