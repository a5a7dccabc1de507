import type { TShow } from '@encore/contract';

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines are escaped. */
export function escapeText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 section 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Shows have a start but no end time. Without DTEND an event lasts zero time (RFC 5545 3.6.1) and
 * several calendar apps draw a sliver or hide it, so we assume a typical three-hour night.
 */
const ASSUMED_LENGTH_MS = 3 * 3_600_000;

type CalendarOptions = { now?: Date; name?: string };

/** What a show's event says besides the public show (repositories/show-revisions.repo.ts). */
export type CalendarRevision = {
  /** SEQUENCE: how many times its times or status changed. */
  sequence: number;
  /** LAST-MODIFIED. */
  updatedAt: Date;
  /** Postponed without a new date yet: its start is still the old one. */
  datePending: boolean;
};
export type CalendarShow = TShow & { revision: CalendarRevision };

/**
 * The event's STATUS. A show postponed without a new date stays in the calendar at its old date
 * as TENTATIVE, "Postponed:" before its summary, rather than leaving it out until it has a date:
 * a subscribed calendar would delete the event (and the fan's reminder that the show still
 * exists), the single .ics would have nothing to give, and keeping its UID lets the same event
 * move when the new date comes (SEQUENCE up), with CONFIRMED again.
 */
function status(show: CalendarShow): string {
  if (show.status === 'cancelled') return 'CANCELLED';
  return show.revision.datePending ? 'TENTATIVE' : 'CONFIRMED';
}

/** The VEVENT lines of one show; its page is its URL. */
function eventLines(show: CalendarShow, pageUrl: string, now: Date): string[] {
  const { venue, revision } = show;
  const location = [venue.name, venue.streetAddress, venue.city, `${venue.state} ${venue.zipCode}`]
    .filter((part) => part.trim() !== '')
    .join(', ');
  const end = new Date(new Date(show.startsAt).getTime() + ASSUMED_LENGTH_MS).toISOString();
  const summary = `${show.performer.name} at ${venue.name}`;
  return [
    'BEGIN:VEVENT',
    `UID:show-${show.id}@encore`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    // Clients that match an imported event by UID take a copy whose SEQUENCE is higher (RFC 5545
    // 3.8.7.4), so it must grow with every change of the times or status.
    `SEQUENCE:${revision.sequence}`,
    `LAST-MODIFIED:${stamp(revision.updatedAt.toISOString())}`,
    `DTSTART:${stamp(show.startsAt)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(revision.datePending ? `Postponed: ${summary}` : summary)}`,
    ...(revision.datePending
      ? [
          `DESCRIPTION:${escapeText('Postponed: new date to be announced. It stays at its old date here until then.')}`,
        ]
      : []),
    `LOCATION:${escapeText(location)}`,
    `URL:${pageUrl}`,
    `STATUS:${status(show)}`,
    'END:VEVENT',
  ];
}

/**
 * A VCALENDAR of shows (CRLF lines, folded at 75 octets). `pageUrl` gives each show's page. The
 * same UID per show in every download lets calendar apps update an event instead of adding one.
 */
export function showsCalendar(
  shows: CalendarShow[],
  pageUrl: (show: CalendarShow) => string,
  { now = new Date(), name }: CalendarOptions = {},
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Encore//Shows//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name === undefined ? [] : [`X-WR-CALNAME:${escapeText(name)}`]),
    ...shows.flatMap((show) => eventLines(show, pageUrl(show), now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** One VEVENT for "add to calendar"; the show's page is its URL. */
export function showCalendar(show: CalendarShow, pageUrl: string, now = new Date()): string {
  return showsCalendar([show], () => pageUrl, { now });
}
