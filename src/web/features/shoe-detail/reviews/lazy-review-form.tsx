import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { secondaryButtonClass } from '../../../components/forms/button-class';
import { RetryButton } from '../../../components/retry-button';
import type * as ReviewFormModule from './review-form';
import type { ReviewFormProps } from './review-form-props';

type FormModule = typeof ReviewFormModule;

let loaded: FormModule | undefined;
let loading: Promise<FormModule> | undefined;

/**
 * Loads the review form (react-hook-form and Zod with it), once: they stay out of the shoe page's
 * first load, where only a buyer who presses 'I already bought them' or Edit needs them. A failed
 * download is forgotten, so the next call tries again.
 */
export function loadReviewForm(): Promise<FormModule> {
  loading ??= import('./review-form').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts the download as the shopper reaches for the form; a failure shows once the form is opened. */
export function preloadReviewForm(): void {
  loadReviewForm().catch(() => undefined);
}

/**
 * The review form, drawn at once when its code has arrived (no Suspense, so no loading flash and no
 * error thrown through the page): while it loads, a line saying so; if it cannot load, Try again,
 * and the form's own way out (Cancel, Cancel edit) so the review it edits can be shown again.
 */
export function LazyReviewForm(props: ReviewFormProps) {
  const [form, setForm] = useState<FormModule | undefined>(loaded);
  const [state, setState] = useState<'loading' | 'failed'>('loading');
  useEffect(() => {
    if (form || state === 'failed') return;
    let current = true;
    loadReviewForm().then(
      (module) => current && setForm(module),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [form, state]);

  if (form) return <form.ReviewForm {...props} />;
  if (state === 'failed')
    return (
      <div role="alert" className="text-sm font-medium text-red-700">
        {MESSAGES.common.somethingWrong}
        <div className="mt-2 flex flex-wrap gap-3">
          <RetryButton onRetry={() => setState('loading')} retrying={false} inRow />
          {props.onCancel && props.cancelLabel && (
            <button type="button" onClick={props.onCancel} className={`${secondaryButtonClass} text-sm`}>
              {props.cancelLabel}
            </button>
          )}
        </div>
      </div>
    );
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      Loading the form...
    </p>
  );
}
