import {
  SHOW_IMPORT_MESSAGES as M,
  SHOW_IMPORT_MAX_BYTES,
  type TShowImportSource,
} from '@encore/contract';
import {
  CalendarFetchError,
  type CalendarFetcher,
  type CalendarFetchFailure,
} from '../adapters/calendar/calendar-fetcher.ts';
import { csvRows } from '../domain/show-import/csv-rows.ts';
import { icsRows } from '../domain/show-import/ics-rows.ts';
import type { ImportRole, ImportRow } from '../domain/show-import/import-row.ts';
import { ImportSourceProblem } from '../domain/show-import/source-problem.ts';
import { AppError } from '../http/app-error.ts';

export type ImportSourceReader = CalendarFetcher;

/**
 * The rows of an import's source: a file's text as the browser read it (CSV or iCalendar), or an
 * iCalendar URL fetched through the guarded adapter. Whatever makes the whole source unusable is a
 * 400 under the `source` field with the person's message; nothing is written either way.
 */
export async function readImportSource(
  fetchCalendar: ImportSourceReader,
  source: TShowImportSource,
  role: ImportRole,
): Promise<ImportRow[]> {
  const text = source.kind === 'file' ? source.text : await fetched(fetchCalendar, source.url);
  // The schema counts characters; the limit is in bytes, as the form and the URL fetch count.
  if (Buffer.byteLength(text, 'utf8') > SHOW_IMPORT_MAX_BYTES) throw refused(M.tooBig);
  const format = source.kind === 'file' ? source.format : 'ics';
  if (source.kind === 'url' && !/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) {
    throw refused(M.urlNotCalendar);
  }
  try {
    return format === 'csv' ? csvRows(text, role) : icsRows(text, role);
  } catch (error) {
    if (error instanceof ImportSourceProblem) throw refused(error.message);
    throw error;
  }
}

async function fetched(fetchCalendar: ImportSourceReader, url: string): Promise<string> {
  try {
    return await fetchCalendar(url);
  } catch (error) {
    if (error instanceof CalendarFetchError) throw refused(fetchMessage(error.failure));
    throw error;
  }
}

function fetchMessage(failure: CalendarFetchFailure): string {
  switch (failure.reason) {
    case 'refused':
      return M.urlRefused;
    case 'timeout':
      return M.urlTimeout;
    case 'too-big':
      return M.urlTooBig;
    case 'not-calendar':
      return M.urlNotCalendar;
    case 'status':
      return M.urlStatus(failure.status);
    default:
      return M.urlUnreachable;
  }
}

const refused = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { source: message } });
