import { useId, useState, type FormEvent } from 'react';
import { BadgePercent, X } from 'lucide-react';
import { isDiscountCode, normalizeCode } from '../../../domain/discounts';
import { MESSAGES } from '../../../domain/messages';
import { compactLabelClass } from '../../components/forms/compact-field';
import { setDiscountCode } from '../../lib/cart/discount-code-store';
import type { CartPricing } from './api/use-cart-quote';

interface DiscountCodeFieldProps {
  /** The code kept with the cart ('' for none). */
  code: string;
  pricing: CartPricing;
}

/**
 * "Discount code" and Apply: the code is kept with the cart and priced by the server; a code that
 * takes nothing off says why (unknown, expired, used up, how much more to add...) and can be removed.
 */
export function DiscountCodeField({ code, pricing }: DiscountCodeFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const message = formatError ?? (code ? pricing.refusal : null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = normalizeCode(typed);
    if (!isDiscountCode(candidate)) {
      setFormatError(MESSAGES.discounts.unknown);
      return;
    }
    setFormatError(null);
    setTyped('');
    setDiscountCode(candidate);
  }

  if (code && !message) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <p className="flex items-center gap-2 font-semibold">
          <BadgePercent aria-hidden="true" className="size-4" />
          {pricing.pending ? `Checking ${code}...` : `${code} applied`}
        </p>
        <button
          type="button"
          onClick={() => setDiscountCode('')}
          className="inline-flex h-9 items-center gap-1 rounded-full px-3 font-bold hover:bg-emerald-100"
        >
          <X aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> the code {code}</span>
        </button>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={apply} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className={compactLabelClass}>
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          placeholder={code || 'Discount code'}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-3 text-sm font-semibold uppercase placeholder:font-normal placeholder:text-gray-500 placeholder:normal-case hover:border-ink aria-invalid:border-deal"
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-full border border-ink px-5 text-sm font-bold transition-colors hover:bg-ink hover:text-white"
        >
          Apply
        </button>
      </div>
      {message && (
        <div
          id={`${id}-message`}
          role="alert"
          className="flex items-start justify-between gap-3 text-sm font-semibold text-deal"
        >
          <p>{code && !formatError ? `${code}: ${message}` : message}</p>
          {code && !formatError && (
            <button
              type="button"
              onClick={() => setDiscountCode('')}
              className="shrink-0 font-bold text-ink underline underline-offset-4"
            >
              Remove
            </button>
          )}
        </div>
      )}
    </form>
  );
}
