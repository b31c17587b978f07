import type { ButtonHTMLAttributes } from 'react';
import { MESSAGES } from '../../domain/messages';

/** The shop's main call to action, identical on cards and the detail page. */
export function BuyButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`h-11 rounded-xl bg-ink px-5 text-sm font-extrabold tracking-wide text-white shadow-sm transition-colors hover:bg-accent-dark active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-gray-400 ${className}`}
    >
      {MESSAGES.pages.buyMe}
    </button>
  );
}
