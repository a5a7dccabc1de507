import { SHOW_IMPORT_MESSAGES as M, SHOW_IMPORT_MAX_ROWS } from '@encore/contract';
import { CsvMalformed, csvRecords } from './csv-records.ts';
import type { ImportRole, ImportRow } from './import-row.ts';
import { parseDate, parsePrice, parseTime } from './row-values.ts';
import { ImportSourceProblem } from './source-problem.ts';

type Column = 'date' | 'time' | 'venue' | 'place' | 'ticket' | 'price' | 'artist' | 'address';

/** Header names as people write them, compared without case, spaces or punctuation. */
const HEADERS: Record<string, Column> = {
  date: 'date',
  time: 'time',
  venue: 'venue',
  venuename: 'venue',
  cityzip: 'place',
  city: 'place',
  zip: 'place',
  zipcode: 'place',
  location: 'place',
  ticketlink: 'ticket',
  ticketurl: 'ticket',
  tickets: 'ticket',
  link: 'ticket',
  url: 'ticket',
  price: 'price',
  artist: 'artist',
  artistname: 'artist',
  performer: 'artist',
  address: 'address',
  streetaddress: 'address',
};
const REQUIRED: Record<ImportRole, Column[]> = {
  performer: ['date', 'time', 'venue', 'place'],
  venue: ['date', 'time', 'artist'],
};
const LABELS: Record<Column, string> = {
  date: 'date',
  time: 'time',
  venue: 'venue name',
  place: 'city/ZIP',
  ticket: 'ticket link',
  price: 'price',
  artist: 'artist',
  address: 'address',
};

/**
 * The rows of a CSV import: a header row names the columns (date, time, venue name, city/ZIP,
 * ticket link, price; a venue's file the artist; optionally the venue's street address), in any
 * order. A row's key is its date with its venue (a performer's file) or artist (a venue's), so a
 * re-import with a new time, link or price edits the show the first import made.
 */
export function csvRows(text: string, role: ImportRole): ImportRow[] {
  let records: ReturnType<typeof csvRecords>;
  try {
    records = csvRecords(text);
  } catch (error) {
    if (error instanceof CsvMalformed) throw new ImportSourceProblem(M.csvMalformed(error.line));
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new ImportSourceProblem(M.empty);
  const columns = header.fields.map((name) => HEADERS[name.toLowerCase().replace(/[^a-z]/g, '')]);
  const missing = REQUIRED[role].filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new ImportSourceProblem(M.csvColumns(missing.map((c) => LABELS[c]).join(', ')));
  }
  if (body.length === 0) throw new ImportSourceProblem(M.empty);
  if (body.length > SHOW_IMPORT_MAX_ROWS) throw new ImportSourceProblem(M.tooManyRows);
  return body.map(({ line, fields }) => {
    const cell = (column: Column) => (fields[columns.indexOf(column)] ?? '').trim();
    return csvRow(line, cell, role);
  });
}

function csvRow(line: number, cell: (column: Column) => string, role: ImportRole): ImportRow {
  const date = parseDate(cell('date'));
  const time = parseTime(cell('time'));
  const price = parsePrice(cell('price'));
  const party = role === 'performer' ? cell('venue') : cell('artist');
  const problem =
    (!date.ok && date.problem) ||
    (!time.ok && time.problem) ||
    (party === '' && M.missing(role === 'performer' ? 'venue name' : 'artist')) ||
    (role === 'performer' && cell('place') === '' && M.missing('city/ZIP')) ||
    (!price.ok && price.problem) ||
    null;
  return {
    key: date.ok ? `csv:${date.value}|${party.toLowerCase()}` : `csv:line:${line}`,
    line,
    start: date.ok && time.ok ? { kind: 'local', local: `${date.value}T${time.value}` } : null,
    problem,
    venueName: cell('venue'),
    place: cell('place'),
    streetAddress: cell('address'),
    artistName: cell('artist'),
    ticketUrl: cell('ticket'),
    priceMin: price.ok ? price.value.min : null,
    priceMax: price.ok ? price.value.max : null,
  };
}
