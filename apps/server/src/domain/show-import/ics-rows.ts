import { SHOW_IMPORT_MESSAGES as M, SHOW_IMPORT_MAX_ROWS } from '@encore/contract';
import { LocalTimeError, localToUtc } from '../../lib/local-time.ts';
import { type IcsEvent, IcsMalformed, type IcsProperty, icsEvents } from './ics-events.ts';
import type { ImportRole, ImportRow, ImportStart } from './import-row.ts';
import { ImportSourceProblem } from './source-problem.ts';

/**
 * The rows of an iCalendar import, one per VEVENT: DTSTART (UTC, with a TZID, or floating: the
 * venue's own time), LOCATION ("Venue, street, City, ST ZIP"), SUMMARY (the artist, for a venue's
 * import: "Artist at Venue" reads as the artist), URL (the ticket link), UID (the source key, so
 * a re-import of a moved event edits the show the first import made).
 */
export function icsRows(text: string, role: ImportRole): ImportRow[] {
  let events: IcsEvent[];
  try {
    events = icsEvents(text);
  } catch (error) {
    if (error instanceof IcsMalformed) throw new ImportSourceProblem(M.icsMalformed);
    throw error;
  }
  if (events.length === 0) throw new ImportSourceProblem(M.empty);
  if (events.length > SHOW_IMPORT_MAX_ROWS) throw new ImportSourceProblem(M.tooManyRows);
  return events.map((event) => icsRow(event, role));
}

function icsRow({ index, props }: IcsEvent, role: ImportRole): ImportRow {
  const text = (name: string) => props.get(name)?.value.trim() ?? '';
  const start = eventStart(props.get('DTSTART'));
  const location = splitLocation(text('LOCATION'));
  const artistName =
    text('SUMMARY')
      .split(/\s+(?:at|@)\s+/i)[0]
      ?.trim() ?? '';
  const problem =
    ('problem' in start && start.problem) ||
    (role === 'performer' && location.venueName === '' && M.missing('location')) ||
    (role === 'venue' && artistName === '' && M.missing('summary (the artist)')) ||
    null;
  const uid = text('UID');
  return {
    key: uid ? `ics:${uid}` : `ics:${text('DTSTART')}|${text('LOCATION').toLowerCase()}`,
    line: index,
    start: 'start' in start ? start.start : null,
    problem,
    ...location,
    artistName,
    ticketUrl: text('URL'),
    priceMin: null,
    priceMax: null,
  };
}

function eventStart(prop: IcsProperty | undefined): { start: ImportStart } | { problem: string } {
  if (!prop) return { problem: M.missing('start (DTSTART)') };
  const value = prop.value.trim();
  if (prop.params.VALUE === 'DATE' || /^\d{8}$/.test(value)) return { problem: M.noTime };
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z)?$/.exec(value);
  if (!match) return { problem: M.badDate };
  const [, y, mo, d, h, mi, , utc] = match;
  const local = `${y}-${mo}-${d}T${h}:${mi}`;
  const zone = prop.params.TZID;
  try {
    if (utc) return { start: { kind: 'instant', at: localToUtc(local, 'UTC') } };
    if (!zone) return { start: { kind: 'local', local } };
    if (!isTimeZone(zone)) return { problem: M.badTimeZone(zone) };
    return { start: { kind: 'instant', at: localToUtc(local, zone) } };
  } catch (error) {
    if (error instanceof LocalTimeError) return { problem: error.message };
    throw error;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "Venue, 123 Main St, Austin, TX 78701[, USA]": the name first, a street number's part. */
function splitLocation(location: string) {
  const [venueName = '', ...rest] = location
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^(usa|us|united states)$/i.test(part));
  const streetAddress = rest.find((part) => /^\d+[a-z]?\s+\S/i.test(part)) ?? '';
  const place = rest.filter((part) => part !== streetAddress).join(', ');
  return { venueName, streetAddress, place };
}
