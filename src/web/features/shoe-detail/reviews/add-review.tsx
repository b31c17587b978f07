import { LoaderCircle, MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { NOTICE_MS } from '../../../../domain/constants';
import { MESSAGES } from '../../../../domain/messages';
import { useAddReview } from '../api/add-review';
import { checkReviewEligibility } from '../api/check-review-eligibility';
import { errorMessage } from '../../../api/http';
import { secondaryButtonClass } from '../../../components/forms/button-class';
import { LazyReviewForm, loadReviewForm } from './lazy-review-form';
import type { ReviewValues } from './review-form-props';

/**
 * Adding a review starts with 'I already bought them' (spec §4): pressing it asks the server
 * whether this shopper has a Received order with this shoe, and says "You haven't bought these
 * yet" then, before anything is written; only a buyer gets the form. Sending it is checked again.
 */
export function AddReview({ shoeId }: { shoeId: string }) {
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const add = useAddReview();

  async function start(): Promise<void> {
    if (checking) return;
    setChecking(true);
    // The form's code downloads while the server answers, so a buyer gets the form without a wait
    // (a failed download shows in its place, with Try again).
    const formLoading = loadReviewForm().catch(() => undefined);
    try {
      const { eligible, reason } = await checkReviewEligibility(shoeId);
      if (eligible) {
        await formLoading;
        setOpen(true);
      } else
        toast.error(reason?.message ?? MESSAGES.review.notBought, {
          id: 'review',
          duration: NOTICE_MS.error,
        });
    } catch (error) {
      toast.error(errorMessage(error), { id: 'review', duration: NOTICE_MS.error });
    } finally {
      setChecking(false);
    }
  }

  async function send(values: ReviewValues): Promise<void> {
    await add.mutateAsync({ shoeId, ...values });
    toast.success('Review added', { id: 'review', duration: NOTICE_MS.success });
    setOpen(false);
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => void start()}
        // Not `disabled`: the focus stays on the button while the server answers.
        aria-disabled={checking || undefined}
        className={`${secondaryButtonClass} aria-disabled:cursor-wait`}
      >
        {checking ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <MessageSquarePlus aria-hidden="true" className="size-4" />
        )}
        {MESSAGES.review.alreadyBought}
      </button>
    );
  }
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <LazyReviewForm
        kind="add"
        title="Write a review"
        textLabel="Your review"
        submitLabel="Send review"
        pendingLabel="Sending..."
        onSubmit={send}
        cancelLabel="Cancel"
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
