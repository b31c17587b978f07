import { LoaderCircle } from 'lucide-react';
import { secondaryButtonClass } from '../forms/button-class';
import { FormAlert } from '../forms/form-alert';

/** Stands where the card field will be while it loads; PAY waits for it. */
export function CardFieldLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[50px] items-center gap-2 rounded-xl border border-dashed border-gray-300 bg-white px-4 py-3 text-sm text-gray-700"
    >
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      Loading the card field…
    </div>
  );
}

interface CardFieldUnavailableProps {
  /** Load Stripe.js again; without it, the shop itself is not set up for cards. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** Stands where the card field should be when there is none to show; PAY stays disabled. */
export function CardFieldUnavailable({ onRetry, retrying = false }: CardFieldUnavailableProps) {
  return (
    <FormAlert tone="error">
      <p className="font-bold">Card payments are unavailable right now.</p>
      {onRetry ? (
        <>
          <p>The secure card field from Stripe could not load. Check your connection, then try again.</p>
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className={`${secondaryButtonClass} mt-3 min-h-10 px-4 py-2 text-sm`}
          >
            {retrying && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {retrying ? 'Trying again…' : 'Try again'}
          </button>
        </>
      ) : (
        <p>The shop's card processor is not set up. Please come back later.</p>
      )}
    </FormAlert>
  );
}
