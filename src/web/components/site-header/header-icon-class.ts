/** Round, 40 px icon buttons and links of the dark header (a comfortable touch target). */
export const headerIconClass =
  'inline-flex size-10 items-center justify-center rounded-full text-white transition-colors hover:bg-white/10';
