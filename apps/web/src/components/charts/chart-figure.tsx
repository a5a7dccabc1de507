import { type ReactNode, useId } from 'react';
import { numberFormat } from '@/lib/intl-format';
import { ValueTable } from './value-table';

/** One point of a chart: its label on the axis and its value. */
export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartProps {
  /** What the chart shows, e.g. 'Attendance by genre'; the figure's caption. */
  caption: string;
  /** The table's headings: what the labels are and what the values are. */
  labelHeading: string;
  valueHeading: string;
  points: readonly ChartPoint[];
  /** How a value reads in the table and the tooltip (counts, dollars…). */
  format?: (value: number) => string;
  /** When a heading right above already says it: the caption then names the figure for screen readers only. */
  captionHidden?: boolean;
}

/** What a chart's drawing (the lazily loaded recharts part) is given. */
export interface ChartDrawingProps {
  points: readonly ChartPoint[];
  format: (value: number) => string;
  valueHeading: string;
}

interface ChartFigureProps extends ChartProps {
  /** The drawn chart; hidden from assistive technology, which reads the table instead. */
  children: ReactNode;
}

export const formatPlain = (value: number) => numberFormat().format(value);

/**
 * A chart inside a <figure> with its caption, and the same numbers as a table one tap away
 * ("Show as table"). The drawing is aria-hidden: screen readers get the table, which says
 * everything the picture does, so axe has nothing to check in the SVG.
 */
export function ChartFigure({
  caption,
  labelHeading,
  valueHeading,
  points,
  format = formatPlain,
  captionHidden = false,
  children,
}: ChartFigureProps) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="flex min-w-0 flex-col gap-3">
      <figcaption id={captionId} className={captionHidden ? 'sr-only' : 'font-semibold'}>
        {caption}
      </figcaption>
      <div aria-hidden className="w-full min-w-0 text-xs">
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-accent underline-offset-4 hover:underline">
          Show as table
        </summary>
        <ValueTable
          className="mt-2"
          caption={caption}
          labelHeading={labelHeading}
          valueHeading={valueHeading}
          rows={points.map((point) => ({ label: point.label, value: format(point.value) }))}
        />
      </details>
    </figure>
  );
}
