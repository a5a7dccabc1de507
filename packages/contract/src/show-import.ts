import { zMultiLineText, zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * Importing shows from an iCalendar (.ics) file or URL, or a CSV file (decision 050). Not in the
 * spec: the words here are ours. The preview writes nothing; the confirmation writes the chosen
 * rows through the announce and edit rules, in one transaction.
 */

/** A file (or a URL's answer) over this many bytes is refused before it is read. */
export const SHOW_IMPORT_MAX_BYTES = 1_000_000;
/** At most this many shows (CSV rows, iCalendar events) in one import. */
export const SHOW_IMPORT_MAX_ROWS = 500;
export const SHOW_IMPORT_FORMATS = ['csv', 'ics'] as const;
export type TShowImportFormat = (typeof SHOW_IMPORT_FORMATS)[number];

export const SHOW_IMPORT_MESSAGES = {
  title: 'Import shows',
  fileRequired: 'Choose a .ics or .csv file, or enter a calendar URL',
  fileType: 'Choose an iCalendar (.ics) or CSV (.csv) file',
  tooBig: 'The file is over 1 MB: split it into smaller files',
  tooManyRows: `At most ${SHOW_IMPORT_MAX_ROWS} shows can be imported at once: split the file`,
  empty: 'The file has no shows in it',
  csvMalformed: (line: number) => `The CSV file is malformed near line ${line}`,
  csvColumns: (missing: string) =>
    `The CSV file needs a header row with the columns ${missing} (see the example)`,
  icsMalformed: 'This is not an iCalendar file (it needs BEGIN:VCALENDAR and VEVENT entries)',
  urlInvalid: 'Please enter a calendar URL starting with http:// or https://',
  urlRefused: 'That address cannot be fetched from Encore',
  urlUnreachable: 'The calendar URL did not answer: check it and try again',
  urlTimeout: 'The calendar URL took too long to answer',
  urlStatus: (status: number) => `The calendar URL answered with an error (${status})`,
  urlTooBig: 'The calendar at that URL is over 1 MB',
  urlNotCalendar: 'The URL did not answer with an iCalendar file',
  chooseOne: 'Choose at least one show to import',
  rowsChanged: 'The file changed since the preview: preview it again',
  // Why a row cannot be imported.
  missing: (field: string) => `Missing ${field}`,
  badDate: 'The date is not a real date (use YYYY-MM-DD or MM/DD/YYYY)',
  badTime: 'The time is not a real time (use 20:00 or 8:00 PM)',
  noTime: 'The event has no start time',
  badTimeZone: (zone: string) => `Unknown time zone ${zone}`,
  badPrice: 'The price must be an amount such as 25 or 20-40',
  unknownPlace: 'Unknown place: give a 5-digit ZIP or "City, ST"',
  venueAddress:
    'This venue is not on Encore: give its street address (the CSV column "address") to add it',
  unknownArtist: (name: string) => `No artist named ${name} on Encore`,
  ambiguousArtist: (name: string) =>
    `Several artists on Encore are named ${name}: announce this show from the form`,
  ambiguousVenue: (name: string) =>
    `Several venues on Encore are named ${name}: give its ZIP to tell them apart`,
  repeated: 'The same show appears earlier in this file',
  venueChanged: 'The venue changed since the last import: cancel the show and import it again',
  // Said beside a row that imports anyway: the preview is where the announce form's questions
  // are answered (confirming the import says yes to them).
  sameDayNotice: (venue: string) => `Another show on that day at ${venue}: both will be listed`,
  nightNotice: (venue: string) =>
    `${venue} already has a show that night: both will be listed (an early and a late show)`,
  duplicate: 'Already on Encore',
  unchanged: 'Already imported, unchanged',
} as const;

/** Where the shows come from: a file's text as read by the browser, or a calendar URL. */
export const ZShowImportSource = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    format: z.enum(SHOW_IMPORT_FORMATS, SHOW_IMPORT_MESSAGES.fileType),
    text: zMultiLineText().max(SHOW_IMPORT_MAX_BYTES, SHOW_IMPORT_MESSAGES.tooBig),
  }),
  z.strictObject({
    kind: z.literal('url'),
    url: zSingleLineText()
      .trim()
      .max(2000, SHOW_IMPORT_MESSAGES.urlInvalid)
      .regex(/^https?:\/\/[^\s/]+/i, SHOW_IMPORT_MESSAGES.urlInvalid),
  }),
]);
export type TShowImportSource = z.infer<typeof ZShowImportSource>;

/** POST /api/shows/import/preview. */
export const ZShowImportPreviewRequest = z.strictObject({ source: ZShowImportSource });
export type TShowImportPreviewRequest = z.infer<typeof ZShowImportPreviewRequest>;

/** POST /api/shows/import: the same source, and the keys of the rows chosen in the preview. */
export const ZShowImportRequest = z.strictObject({
  source: ZShowImportSource,
  keys: z
    .array(zSingleLineText().min(1).max(400))
    .min(1, SHOW_IMPORT_MESSAGES.chooseOne)
    .max(SHOW_IMPORT_MAX_ROWS),
});
export type TShowImportRequest = z.infer<typeof ZShowImportRequest>;

/**
 * What importing a row would do: `new` (a show announced), `changed` (an edit of the show an
 * earlier import made from the same source key), `unchanged` and `duplicate` (nothing), `error`
 * (nothing; `reason` says why). Only `new` and `changed` rows can be chosen.
 */
export const SHOW_IMPORT_ROW_STATES = [
  'new',
  'changed',
  'unchanged',
  'duplicate',
  'error',
] as const;
export type TShowImportRowState = (typeof SHOW_IMPORT_ROW_STATES)[number];

export const ZShowImportRow = z.object({
  /** The row's source key: the event's UID, or the CSV row's date and venue (or artist). */
  key: z.string(),
  /** The CSV line or the event's position, as the person finds it in the file. */
  line: z.number().int(),
  state: z.enum(SHOW_IMPORT_ROW_STATES),
  reason: z.string().nullable(),
  /** A row that imports but would have been asked about: another show that day or that night. */
  notice: z.string().nullable(),
  /** At the venue, 'YYYY-MM-DDTHH:MM'; null when the row has no usable date. */
  startsAtLocal: z.string().nullable(),
  /** The venue (a performer's import) or the artist (a venue's), as on Encore or as typed. */
  name: z.string(),
  /** Whether `name` is an Encore venue or artist (`encore`), or a venue added by name (`typed`). */
  match: z.enum(['encore', 'typed']).nullable(),
  place: z.string(),
  ticketUrl: z.string().nullable(),
  priceMin: z.number().nullable(),
  priceMax: z.number().nullable(),
  /** The Encore show it duplicates or changes. */
  showId: z.string().nullable(),
});
export type TShowImportRow = z.infer<typeof ZShowImportRow>;

export const ZShowImportPreview = z.object({ rows: z.array(ZShowImportRow) });
export type TShowImportPreview = z.infer<typeof ZShowImportPreview>;

export const ZShowImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type TShowImportResult = z.infer<typeof ZShowImportResult>;
