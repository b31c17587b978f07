/** The main action of a form: dark pill, orange on hover (as on the contact form). */
export const primaryButtonClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 font-bold text-paper transition-colors hover:bg-accent-dark disabled:cursor-not-allowed disabled:opacity-60';

/** A second action beside it: outlined. */
export const secondaryButtonClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-ink bg-white px-6 py-3 font-bold text-ink transition-colors hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-white disabled:hover:text-ink';

/** An inline text link inside copy. */
export const textLinkClass =
  'rounded-sm font-semibold text-accent-dark underline underline-offset-2 hover:text-ink';

/** A way back or on beside a page's content ('Back to Admin', 'Back Account'): an icon and words. */
export const plainLinkClass =
  'inline-flex items-center gap-2 rounded-full px-1 py-2 text-sm font-extrabold text-gray-700 transition-colors hover:text-ink';
