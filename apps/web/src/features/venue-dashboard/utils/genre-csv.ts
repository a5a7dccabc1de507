import type { TVenueDashboard } from '@encore/contract';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: ReadonlyArray<string | number>) => fields.map(csvField).join(',');

/**
 * The genre table as CSV, built in the browser from the figures on screen: a header, one line per
 * genre, the totals line. Revenue is plain dollars (no symbol, no thousands separator) so a
 * spreadsheet reads it as a number. CRLF line ends, as RFC 4180 says.
 */
export function genreTableCsv({ genres, totals }: Pick<TVenueDashboard, 'genres' | 'totals'>) {
  const lines = [
    csvLine(['Genre', 'Events', 'Attendance', 'Gross revenue (USD)']),
    ...genres.map((g) => csvLine([g.genre, g.events, g.attendance, g.grossRevenue])),
    csvLine(['Total', totals.events, totals.attendance, totals.grossRevenue]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** 'The Blue Note!' and 90 → 'the-blue-note-genres-last-90-days.csv'. */
export function genreCsvFileName(venueLabel: string, period: number): string {
  const slug = venueLabel
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'venue'}-genres-last-${period}-days.csv`;
}

/** Saves `text` as a file through a temporary link (no server round trip). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next task: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
