/** Colours and axis styling shared by the charts: the theme's tokens, so charts match the app. */
export const CHART_COLORS = {
  series: 'var(--color-accent)',
  grid: 'var(--color-line)',
  axis: 'var(--color-fg-muted)',
  tooltipBackground: 'var(--color-surface-raised)',
  tooltipBorder: 'var(--color-line-strong)',
  text: 'var(--color-fg)',
} as const;

export const axisProps = {
  stroke: CHART_COLORS.axis,
  tick: { fill: CHART_COLORS.axis },
  tickLine: false,
} as const;

export const tooltipProps = {
  contentStyle: {
    background: CHART_COLORS.tooltipBackground,
    border: `1px solid ${CHART_COLORS.tooltipBorder}`,
    borderRadius: 12,
    color: CHART_COLORS.text,
  },
  itemStyle: { color: CHART_COLORS.text },
  labelStyle: { color: CHART_COLORS.text },
  cursor: { fill: 'var(--color-surface-raised)' },
} as const;

/** Charts are this tall at every width (in px); a fixed height keeps the layout from jumping. */
export const CHART_HEIGHT = 240;
