import { OPEN_BOOKING_STATES, type TBookingRequest } from '@encore/contract';
import { dateTimeFormat } from '@/lib/intl-format';

/** Pending and held requests still ask for (or keep) the night: they need an answer first. */
export function isOpenRequest(request: TBookingRequest): boolean {
  return (OPEN_BOOKING_STATES as readonly string[]).includes(request.status);
}

/** Open requests first, then newest first within each group (the server sends newest first). */
export function sortBookingRequests(requests: readonly TBookingRequest[]): TBookingRequest[] {
  return [...requests].sort((a, b) => {
    const open = Number(isOpenRequest(b)) - Number(isOpenRequest(a));
    return open !== 0 ? open : Date.parse(b.createdAt) - Date.parse(a.createdAt);
  });
}

/**
 * 'Sat, Mar 6, 2099' for a request's night. The date is the venue's local calendar day, not an
 * instant, so it is formatted in UTC: the viewer's own zone must not move it a day.
 */
export function formatBookingDate(date: string): string {
  return dateTimeFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A message this long, or of this many lines, is collapsed to a few lines until expanded. */
const COLLAPSE_CHARS = 240;
const COLLAPSE_LINES = 4;

export function isLongMessage(message: string): boolean {
  return message.length > COLLAPSE_CHARS || message.split('\n').length > COLLAPSE_LINES;
}
