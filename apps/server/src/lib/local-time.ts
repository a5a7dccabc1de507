import { localDateTimeProblem } from '@encore/contract';

/** A local date-time that is not a real one within the contract's window; the message says why. */
export class LocalTimeError extends Error {}

/**
 * 'YYYY-MM-DDTHH:MM' wall-clock time in an IANA zone ↔ a UTC instant, with Intl only. A local
 * time skipped by the spring-forward gap maps to the instant one hour later (as clocks do); an
 * ambiguous autumn time maps to its first (daylight) occurrence.
 *
 * The contract's schemas refuse impossible dates first; they are refused again here, where text
 * becomes an instant, because Date rolls February 30 into March and a year past 9999 reaches
 * Postgres as text it cannot read: no caller may get either.
 */
export function localToUtc(local: string, timeZone: string): Date {
  const problem = localDateTimeProblem(local);
  if (problem) throw new LocalTimeError(problem);
  const [date = '', time = ''] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const asUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  // The zone's offset near that instant, then once more at the corrected instant: two passes
  // settle every case except the gap, where the second offset is the one after the change.
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  const second = asUtc - offsetMs(new Date(first), timeZone);
  if (utcToLocal(new Date(second), timeZone) === local) {
    // Prefer the earlier instant when the wall time happens twice (autumn).
    const earlier = second - 3_600_000;
    return utcToLocal(new Date(earlier), timeZone) === local ? new Date(earlier) : new Date(second);
  }
  return new Date(Math.max(first, second));
}

/** The wall-clock time of an instant in a zone, as 'YYYY-MM-DDTHH:MM'. */
export function utcToLocal(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

function parts(instant: Date, timeZone: string): Parts {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value])) as Parts;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000;
}
