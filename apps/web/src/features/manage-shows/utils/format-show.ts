import { resultsEnteredBy, type TShow } from '@encore/contract';
import { dateTimeFormat } from '@/lib/intl-format';

export { formatPriceRange, formatShowTime, STATUS_LABELS } from '@/lib/show-format';

/** 'YYYY-MM-DDTHH:MM' of an instant in a time zone: a datetime-local input's value. */
export function toLocalInput(iso: string, timeZone: string): string {
  // Every part is numeric (two digits, a 24-hour clock): the locale changes none of them.
  const parts = dateTimeFormat({
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

/** Upcoming: not yet started, or postponed (its new date may not be known yet). */
export function isUpcoming(show: TShow, now: number = Date.now()): boolean {
  return show.status === 'postponed' || Date.parse(show.startsAt) >= now;
}

/** A datetime-local value read on the device clock; the server checks it in the venue's zone. */
export function isFutureLocal(local: string, now: number = Date.now()): boolean {
  const time = new Date(local).getTime();
  return Number.isNaN(time) || time > now;
}

/** Whether this owner enters the show's results (the server's rule, contract `resultsEnteredBy`). */
export function entersResults(show: TShow, role: 'performer' | 'venue'): boolean {
  return resultsEnteredBy({ venueId: show.venue.id }) === role;
}
