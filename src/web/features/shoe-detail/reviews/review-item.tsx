import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { NOTICE_MS } from '../../../../domain/constants';
import { MESSAGES } from '../../../../domain/messages';
import type { Review } from '../../../../domain/review';
import { useDeleteReview } from '../api/delete-review';
import { useEditReview } from '../api/edit-review';
import { errorMessage } from '../../../api/http';
import { LazyReviewForm, preloadReviewForm } from './lazy-review-form';
import type { ReviewValues } from './review-form-props';
import { StarRating } from './star-rating';

const smallButtonClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 py-2 text-sm font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso.slice(0, 10)
    : // In UTC, as the server renders it: a visitor's own time zone could show another day and make
      // the page differ from the server's HTML.
      date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * One review: stars, author ('You' or ANONYMOUS USER), date and the text (as text, never HTML).
 * The user's own review can be edited (Edit, Send edit, Cancel edit) and deleted (Delete, then
 * 'Yes, delete' to confirm).
 */
export function ReviewItem({ review, shoeId }: { review: Review; shoeId: string }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const edit = useEditReview();
  const remove = useDeleteReview();

  async function sendEdit(values: ReviewValues): Promise<void> {
    await edit.mutateAsync({ shoeId, reviewId: review._id, ...values });
    toast.success('Review updated', { id: 'review', duration: NOTICE_MS.success });
    setMode('view');
  }

  function confirmDelete(): void {
    remove.mutate(
      { shoeId, reviewId: review._id },
      {
        onSuccess: ({ message }) => toast.success(message, { id: 'review', duration: NOTICE_MS.success }),
        onError: (error) => {
          toast.error(errorMessage(error), { id: 'review-error', duration: NOTICE_MS.error });
          setMode('view');
        },
      },
    );
  }

  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <article aria-label={review.own ? 'Your review' : `Review by ${MESSAGES.review.anonymous}`}>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p
            className={`text-sm font-extrabold tracking-wide ${review.own ? 'text-accent-dark' : 'text-gray-700'}`}
          >
            {review.own ? 'You' : MESSAGES.review.anonymous}
          </p>
          <time dateTime={review.createdAt} className="text-sm text-gray-600">
            {formatDate(review.createdAt)}
          </time>
        </div>
        {mode === 'edit' ? (
          <div className="mt-4">
            <LazyReviewForm
              kind="edit"
              title="Edit your review"
              textLabel="Edit your review"
              submitLabel="Send edit"
              pendingLabel="Sending..."
              initial={{ review: review.review, rating: review.rating }}
              onSubmit={sendEdit}
              cancelLabel="Cancel edit"
              onCancel={() => setMode('view')}
            />
          </div>
        ) : (
          <>
            <div className="mt-2">
              <StarRating rating={review.rating} />
            </div>
            <p className="mt-3 text-base leading-relaxed break-words whitespace-pre-line text-gray-800">
              {review.review}
            </p>
          </>
        )}
        {review.own && mode === 'view' && (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setMode('edit')}
              // The form's code starts downloading as the pointer or focus reaches the button.
              onPointerEnter={preloadReviewForm}
              onFocus={preloadReviewForm}
              className={`${smallButtonClass} border-ink text-ink hover:bg-ink hover:text-white`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </button>
            <button
              type="button"
              onClick={() => setMode('confirm-delete')}
              className={`${smallButtonClass} border-red-700 text-red-700 hover:bg-red-700 hover:text-white`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
          </div>
        )}
        {review.own && mode === 'confirm-delete' && (
          <div role="group" aria-label="Delete review?" className="mt-4 flex flex-wrap items-center gap-2">
            <p className="mr-2 text-sm font-bold text-ink">Delete review?</p>
            <button
              type="button"
              onClick={confirmDelete}
              disabled={remove.isPending}
              className={`${smallButtonClass} border-red-700 bg-red-700 text-white hover:bg-red-800`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {remove.isPending ? 'Deleting...' : 'Yes, delete'}
            </button>
            <button
              type="button"
              onClick={() => setMode('view')}
              disabled={remove.isPending}
              className={`${smallButtonClass} border-ink text-ink hover:bg-ink hover:text-white`}
            >
              Keep it
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
