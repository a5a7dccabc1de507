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
import { ChartFigure, type ChartProps, formatPlain } from './chart-figure';
import { axisProps, CHART_COLORS, CHART_HEIGHT, tooltipProps } from './chart-theme';
import { tickLayout } from './tick-layout';

/** Vertical bars, one per label (e.g. attendance by genre), with the table fallback. */
export function BarChart(props: ChartProps) {
  const format = props.format ?? formatPlain;
  const [width, setWidth] = useState(0);
  const ticks = tickLayout(
    props.points.map((point) => point.label),
    width,
  );
  return (
    <ChartFigure {...props}>
      <ResponsiveContainer
        width="100%"
        height={CHART_HEIGHT + ticks.height - 30}
        onResize={(next) => setWidth(next)}
      >
        <RechartsBarChart
          data={[...props.points]}
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
          <Tooltip
            {...tooltipProps}
            formatter={(value) => [format(Number(value)), props.valueHeading]}
          />
          <Bar
            dataKey="value"
            fill={CHART_COLORS.series}
            radius={[6, 6, 0, 0]}
            isAnimationActive={false}
          />
        </RechartsBarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
