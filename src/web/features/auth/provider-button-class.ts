/** The sign-in page's alternatives to the password (Google, a passkey): wide, outlined, quiet. */
export const providerButtonClass =
  'group inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-full border border-gray-300 bg-white px-5 py-3 text-sm font-bold text-ink transition-colors hover:border-ink hover:bg-paper disabled:cursor-not-allowed disabled:text-gray-600 disabled:hover:border-gray-300 disabled:hover:bg-white';
