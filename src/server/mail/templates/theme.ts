/**
 * The mails' look, in the shop's colours (src/web/styles.css): plain values written inline on each
 * element, since many mail clients drop a <style> block and none of them reads CSS variables.
 */
export const COLORS = {
  ink: '#111827',
  paper: '#f8f7f4',
  card: '#ffffff',
  muted: '#4b5563',
  line: '#e5e7eb',
  /** The accent darkened enough for text and buttons on white (4.5:1 and more). */
  accent: '#c2410c',
  deal: '#dc2626',
} as const;

export const FONT = "'Inter', -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The mail's column: 600 px at most (what mail clients are built around), all of a phone's width below. */
export const CONTENT_WIDTH = 600;
