import { MESSAGES } from '../../domain/messages';

/** The spec's LOADING..., announced to screen readers: of a whole page, or of a list (`className`). */
export function PageLoading({ className = 'py-24' }: { className?: string }) {
  return (
    <p
      role="status"
      className={`${className} text-center text-sm font-semibold tracking-widest text-gray-500`}
    >
      {MESSAGES.pages.loading}
    </p>
  );
}
