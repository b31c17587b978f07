import { MESSAGES } from '../../domain/messages';

/** The spec's LOADING... state, announced to screen readers. */
export function PageLoading() {
  return (
    <p role="status" className="py-24 text-center text-sm font-semibold tracking-widest text-gray-500">
      {MESSAGES.pages.loading}
    </p>
  );
}
