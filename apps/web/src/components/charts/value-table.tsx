import { cn } from '@/lib/cn';

export interface ValueRow {
  label: string;
  /** The value as it reads ('1,204', '$5,000', 'not enough data'). */
  value: string;
  /** Shown muted and in italics: a value standing in for a number ('not enough data'). */
  muted?: boolean;
}

interface ValueTableProps {
  /** Names the table for screen readers. */
  caption: string;
  labelHeading: string;
  valueHeading: string;
  rows: readonly ValueRow[];
  /** When the card around it already says what the columns are. */
  headingsHidden?: boolean;
  className?: string;
}

/** A two-column table of labels and values: a chart's numbers, an audience breakdown. */
export function ValueTable({
  caption,
  labelHeading,
  valueHeading,
  rows,
  headingsHidden = false,
  className,
}: ValueTableProps) {
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={headingsHidden ? 'sr-only' : 'text-fg-muted'}>
        <tr>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            {labelHeading}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {valueHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t border-line first:border-t-0">
            <th scope="row" className="py-1.5 pr-3 font-normal">
              {row.label}
            </th>
            <td
              className={cn(
                'py-1.5 text-right',
                row.muted ? 'text-fg-muted italic' : 'tabular-nums',
              )}
            >
              {row.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
