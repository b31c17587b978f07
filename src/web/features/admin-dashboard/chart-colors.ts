/**
 * The shop's theme colours (styles.css) for recharts, which draws SVG attributes rather than
 * Tailwind classes.
 */
export const CHART_COLORS = {
  accent: '#f97316',
  accentDark: '#c2410c',
  ink: '#111827',
  grid: '#e5e7eb',
  axis: '#4b5563',
  views: '#7c3aed',
} as const;

/** The day axis, value axis and tooltip both dashboard charts share, so they look like one set. */
export const DAY_AXIS = {
  dataKey: 'day',
  tick: { fill: CHART_COLORS.axis, fontSize: 12 },
  tickLine: false,
  axisLine: { stroke: CHART_COLORS.grid },
  interval: 'preserveStartEnd',
} as const;

export const VALUE_AXIS = {
  tick: { fill: CHART_COLORS.axis, fontSize: 12 },
  tickLine: false,
  axisLine: false,
  allowDecimals: false,
} as const;

export const TOOLTIP_STYLE = {
  contentStyle: { borderRadius: 12, border: `1px solid ${CHART_COLORS.grid}`, fontSize: 13 },
  labelStyle: { fontWeight: 700, color: CHART_COLORS.ink },
} as const;

/**
 * The frame both charts share: an image with a name for screen readers (its numbers are told by
 * a table beside it, so recharts' own keyboard layer stays off), and a small margin.
 */
export const CHART_FRAME = {
  role: 'img',
  accessibilityLayer: false,
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
} as const;
