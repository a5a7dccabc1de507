import type { TTourVenue } from '@encore/contract';
import { dateTimeFormat, numberFormat } from '@/lib/intl-format';

// A plan's dates are local calendar dates ('YYYY-MM-DD', the venue's own night): formatted in
// UTC from midnight UTC so no viewer's zone moves them to the day before.
const nightFormat = () =>
  dateTimeFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const shortFormat = () =>
  dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function utcDate(localDate: string): Date | null {
  const date = new Date(`${localDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2027-03-05' → 'Fri, Mar 5, 2027'. */
export function formatNight(localDate: string): string {
  const date = utcDate(localDate);
  return date ? nightFormat().format(date) : localDate;
}

/** A saved plan's window: 'Mar 5, 2027 – Mar 28, 2027', one date alone, or '—' with none. */
export function formatDateRange(first: string | null, last: string | null): string {
  const [from, to] = [first, last].map((d) => (d ? utcDate(d) : null));
  if (!from) return '—';
  if (!to || first === last) return shortFormat().format(from);
  return shortFormat().formatRange(from, to);
}

/** '212 mi'. */
export const formatMiles = (n: number) =>
  `${numberFormat({ maximumFractionDigits: 0 }).format(n)} mi`;

/**
 * The 'Contact List' copy: one venue a line, with what a booker dials or writes to:
 * 'The Sinclair, Cambridge, MA, booking@sinclair.test, (617) 555-0101'. Empty parts, and the
 * contacts withheld until the performer's email is verified (null), are left out.
 */
export function contactList(venues: readonly TTourVenue[]): string {
  return venues
    .map((v) =>
      [v.venueName, v.city, v.state, v.contactEmail, v.bookingPhone]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(', '),
    )
    .join('\n');
}
