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
