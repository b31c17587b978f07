import { MESSAGES } from '../../domain/messages';

/** The spec's 'ON SALE' badge: deal red, white text (contrast 4.8:1). */
export function OnSaleBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full bg-deal px-2.5 py-1 text-xs font-extrabold tracking-wider text-white ${className}`}
    >
      {MESSAGES.pages.onSaleBadge}
    </span>
  );
}
