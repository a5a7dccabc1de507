import { useState } from 'react';
import {
  Bar,
  CartesianGrid,
  BarChart as RechartsBarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartDrawingProps } from './chart-figure';
import { axisProps, CHART_COLORS, CHART_HEIGHT, tooltipProps } from './chart-theme';
import { tickLayout } from './tick-layout';

/**
 * The drawing of BarChart (bar-chart.tsx), loaded with recharts when it comes near the screen.
 * The x axis' labels are slanted when they would run together at the drawn width.
 */
export function BarChartDrawing({ points, format, valueHeading }: ChartDrawingProps) {
  const [width, setWidth] = useState(0);
  const ticks = tickLayout(
    points.map((point) => point.label),
    width,
  );
  return (
    <ResponsiveContainer
      width="100%"
      height={CHART_HEIGHT + ticks.height - 30}
      onResize={(next) => setWidth(next)}
    >
      <RechartsBarChart
        data={[...points]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis
          dataKey="label"
          {...axisProps}
          interval={0}
          angle={ticks.angle}
          textAnchor={ticks.angle === 0 ? 'middle' : 'end'}
          height={ticks.height}
        />
        <YAxis {...axisProps} width={48} tickFormatter={format} allowDecimals={false} />
        <Tooltip {...tooltipProps} formatter={(value) => [format(Number(value)), valueHeading]} />
        <Bar
          dataKey="value"
          fill={CHART_COLORS.series}
          radius={[6, 6, 0, 0]}
          isAnimationActive={false}
        />
      </RechartsBarChart>
    </ResponsiveContainer>
  );
}
