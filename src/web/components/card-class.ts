/** A white card on the page's paper (a form, a section of the account), the same everywhere. */
export const cardClass = 'rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8';
