import { lazy } from 'react';
import { ChartFigure, type ChartProps, formatPlain } from './chart-figure';
import { ChartSlot } from './chart-slot';
import { CHART_HEIGHT } from './chart-theme';

const TrendChartDrawing = lazy(() =>
  import('./trend-chart-drawing').then((module) => ({ default: module.TrendChartDrawing })),
);

/**
 * A value over time (followers per month, attendance per month) as a filled line, with the table
 * fallback. The caption and the table render at once; the drawing (recharts) loads as it comes
 * near the screen.
 */
export function TrendChart(props: ChartProps) {
  return (
    <ChartFigure {...props}>
      <ChartSlot height={CHART_HEIGHT}>
        <TrendChartDrawing
          points={props.points}
          format={props.format ?? formatPlain}
          valueHeading={props.valueHeading}
        />
      </ChartSlot>
    </ChartFigure>
  );
}
