import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { NOTICE_MS } from '../../../../domain/constants';
import { MESSAGES } from '../../../../domain/messages';
import { reviewInputSchema } from '../../../../domain/review';
import { useAddReview } from '../../../api/add-review';
import { secondaryButtonClass } from '../../../components/forms/button-class';
import { ReviewForm, type ReviewValues } from './review-form';

const addSchema = reviewInputSchema.pick({ review: true, rating: true });

/**
 * Adding a review starts with 'I already bought them' (spec §4); the server then checks for a
 * Received order with this shoe ("You haven't bought these yet" otherwise).
 */
export function AddReview({ shoeId }: { shoeId: string }) {
  const [open, setOpen] = useState(false);
  const add = useAddReview();

  async function send(values: ReviewValues): Promise<void> {
    await add.mutateAsync({ shoeId, ...values });
    toast.success('Review added', { id: 'review', duration: NOTICE_MS.success });
    setOpen(false);
  }

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className={secondaryButtonClass}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        {MESSAGES.review.alreadyBought}
      </button>
    );
  }
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <ReviewForm
        schema={addSchema}
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
