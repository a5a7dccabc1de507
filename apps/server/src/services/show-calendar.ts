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

/** One VEVENT for "add to calendar"; the show's page is its URL. */
export function showCalendar(show: TShow, pageUrl: string, now = new Date()): string {
  const { venue } = show;
  const location = [venue.name, venue.streetAddress, venue.city, `${venue.state} ${venue.zipCode}`]
    .filter((part) => part.trim() !== '')
    .join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Encore//Shows//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:show-${show.id}@encore`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `DTSTART:${stamp(show.startsAt)}`,
    `SUMMARY:${escapeText(`${show.performer.name} at ${venue.name}`)}`,
    `LOCATION:${escapeText(location)}`,
    `URL:${pageUrl}`,
    `STATUS:${show.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
