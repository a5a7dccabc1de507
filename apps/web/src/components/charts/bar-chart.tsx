import { lazy } from 'react';
import { ChartFigure, type ChartProps, formatPlain } from './chart-figure';
import { ChartSlot } from './chart-slot';
import { CHART_HEIGHT } from './chart-theme';

const BarChartDrawing = lazy(() =>
  import('./bar-chart-drawing').then((module) => ({ default: module.BarChartDrawing })),
);

/**
 * Vertical bars, one per label (e.g. attendance by genre), with the table fallback. The caption
 * and the table render at once; the drawing (recharts) loads as it comes near the screen.
 */
export function BarChart(props: ChartProps) {
  return (
    <ChartFigure {...props}>
      <ChartSlot height={CHART_HEIGHT}>
        <BarChartDrawing
          points={props.points}
          format={props.format ?? formatPlain}
          valueHeading={props.valueHeading}
        />
      </ChartSlot>
    </ChartFigure>
  );
}
