import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type * as ReviewFormModule from './review-form';
import type { ReviewFormProps } from './review-form-props';

let loading: Promise<typeof ReviewFormModule> | undefined;

/**
 * Starts loading the review form (react-hook-form and Zod with it), once: they stay out of the shoe
 * page's first load, where only a buyer who presses 'I already bought them' or Edit needs them.
 */
export function loadReviewForm(): Promise<typeof ReviewFormModule> {
  loading ??= import('./review-form').catch((error: unknown) => {
    loading = undefined; // a failed download is tried again on the next press
    throw error;
  });
  return loading;
}

const ReviewForm = lazy(() => loadReviewForm().then((module) => ({ default: module.ReviewForm })));

/** The review form, loaded on demand; its callers start the download as the shopper reaches for it. */
export function LazyReviewForm(props: ReviewFormProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading the form...
        </p>
      }
    >
      <ReviewForm {...props} />
    </Suspense>
  );
}
