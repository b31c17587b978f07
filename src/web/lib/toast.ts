import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * sonner's `toast`, loaded with the Toaster after the first paint (sonner stays out of the first
 * page's JavaScript). A toast asked for before both are there waits for them and then shows, in order.
 */
type SonnerToast = typeof sonnerToast;

let markMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let loading: Promise<SonnerToast> | undefined;

/** Called by the lazy Toaster once it is on the page and listening. */
export function onToasterMounted(): void {
  markMounted();
}

function withToast(show: (toast: SonnerToast) => void): void {
  loading ??= Promise.all([import('sonner'), toasterMounted]).then(([module]) => module.toast);
  void loading.then(show);
}

type Message = Parameters<SonnerToast['success']>[0];

/** A plain notice, `toast(message)`, with `toast.success`, `toast.error` and `toast.dismiss`. */
export const toast = Object.assign(
  (message: Message, options?: ExternalToast): void => withToast((sonner) => sonner(message, options)),
  {
    success(message: Message, options?: ExternalToast): void {
      withToast((sonner) => sonner.success(message, options));
    },
    error(message: Message, options?: ExternalToast): void {
      withToast((sonner) => sonner.error(message, options));
    },
    dismiss(id?: string | number): void {
      withToast((sonner) => sonner.dismiss(id));
    },
  },
);
