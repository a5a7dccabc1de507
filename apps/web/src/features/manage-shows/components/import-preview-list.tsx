import { SHOW_TIME_OPTIONS, type TShowImportRow } from '@encore/contract';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/intl-format';
import { formatPriceRange } from '../utils/format-show';

const STATE_LABELS: Record<TShowImportRow['state'], string> = {
  new: 'New',
  changed: 'Update',
  unchanged: 'No change',
  duplicate: 'Already on Encore',
  error: 'Error',
};

/** A row can be chosen when importing it does something: a new show, or an edit. */
export const isChoosable = (row: TShowImportRow) => row.state === 'new' || row.state === 'changed';

/**
 * The preview: one item per row of the file, stacked so it reads on a phone. A row that imports
 * has its checkbox; one that does not says why (an error's reason, or that it is already there).
 */
export function ImportPreviewList({
  rows,
  chosen,
  onToggle,
}: {
  rows: TShowImportRow[];
  chosen: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  return (
    <ul aria-label="Shows in the file" className="flex flex-col divide-y divide-line">
      {rows.map((row) => (
        <li key={`${row.line}-${row.key}`} className="flex items-start gap-3 py-3">
          {isChoosable(row) ? (
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 cursor-pointer accent-accent"
              aria-label={`Import ${describe(row)}`}
              checked={chosen.has(row.key)}
              onChange={() => onToggle(row.key)}
            />
          ) : (
            <span aria-hidden className="size-5 shrink-0" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">{when(row) ?? `Line ${row.line}`}</span>
              <span
                className={cn(
                  'rounded-full px-2 text-xs font-medium',
                  row.state === 'error' ? 'bg-danger/15 text-danger' : 'bg-surface-raised',
                )}
              >
                {STATE_LABELS[row.state]}
              </span>
            </p>
            <p className="break-words">
              {row.name || '—'}
              {row.match === 'typed' && <span className="text-fg-muted"> (not on Encore)</span>}
              {row.place && <span className="text-fg-muted"> · {row.place}</span>}
              {price(row) && <span className="text-fg-muted"> · {price(row)}</span>}
            </p>
            {row.state === 'error' && (
              <p className="text-danger">
                Line {row.line}: {row.reason}
              </p>
            )}
            {row.state === 'changed' && <p className="text-fg-muted">Changes the imported show</p>}
            {row.notice && <p className="text-accent">{row.notice}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 'Sat, Mar 7, 2027, 8:30 PM': the row's wall-clock time at the venue, as the file says it. */
function when(row: TShowImportRow): string | null {
  if (!row.startsAtLocal) return null;
  // The wall clock as if it were UTC, so no zone shifts it (and none is named).
  const { timeZoneName: _named, ...options } = SHOW_TIME_OPTIONS;
  return dateTimeFormat({ ...options, timeZone: 'UTC' }).format(
    new Date(`${row.startsAtLocal}:00Z`),
  );
}

const price = (row: TShowImportRow) => formatPriceRange(row.priceMin, row.priceMax);
const describe = (row: TShowImportRow) => `${when(row) ?? `line ${row.line}`}, ${row.name}`;

/** 'Import 3 shows'. */
export const importLabel = (count: number) => `Import ${count} show${count === 1 ? '' : 's'}`;
