/** The one content width every section aligns to, header and footer included. */
export const PAGE_WIDTH = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';
