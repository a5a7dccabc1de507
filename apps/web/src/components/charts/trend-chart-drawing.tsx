import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartDrawingProps } from './chart-figure';
import { axisProps, CHART_COLORS, CHART_HEIGHT, tooltipProps } from './chart-theme';

/** The drawing of TrendChart (trend-chart.tsx), loaded with recharts when it comes near the screen. */
export function TrendChartDrawing({ points, format, valueHeading }: ChartDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <AreaChart
        data={[...points]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="label" {...axisProps} minTickGap={16} />
        <YAxis {...axisProps} width={48} tickFormatter={format} allowDecimals={false} />
        <Tooltip {...tooltipProps} formatter={(value) => [format(Number(value)), valueHeading]} />
        <Area
          type="monotone"
          dataKey="value"
          stroke={CHART_COLORS.series}
          fill={CHART_COLORS.series}
          fillOpacity={0.2}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
