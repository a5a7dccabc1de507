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

/** The VEVENT lines of one show; its page is its URL. */
function eventLines(show: TShow, pageUrl: string, now: Date): string[] {
  const { venue } = show;
  const location = [venue.name, venue.streetAddress, venue.city, `${venue.state} ${venue.zipCode}`]
    .filter((part) => part.trim() !== '')
    .join(', ');
  const end = new Date(new Date(show.startsAt).getTime() + ASSUMED_LENGTH_MS).toISOString();
  return [
    'BEGIN:VEVENT',
    `UID:show-${show.id}@encore`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `DTSTART:${stamp(show.startsAt)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(`${show.performer.name} at ${venue.name}`)}`,
    `LOCATION:${escapeText(location)}`,
    `URL:${pageUrl}`,
    `STATUS:${show.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/**
 * A VCALENDAR of shows (CRLF lines, folded at 75 octets). `pageUrl` gives each show's page. The
 * same UID per show in every download lets calendar apps update an event instead of adding one.
 */
export function showsCalendar(
  shows: TShow[],
  pageUrl: (show: TShow) => string,
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
export function showCalendar(show: TShow, pageUrl: string, now = new Date()): string {
  return showsCalendar([show], () => pageUrl, { now });
}
