/** What a review form is given; its own module so the form's code can load on demand (lazy-review-form.tsx). */
export interface ReviewValues {
  review: string;
  rating: number;
}

export interface ReviewFormProps {
  /** Adding or editing: they differ in the too-short message (spec §5). */
  kind: 'add' | 'edit';
  /** Names the form for screen readers: 'Write a review', 'Edit your review'. */
  title: string;
  textLabel: string;
  submitLabel: string;
  pendingLabel: string;
  initial?: ReviewValues;
  /** Throws the failed request's error; the form shows it. */
  onSubmit: (values: ReviewValues) => Promise<void>;
  cancelLabel?: string;
  onCancel?: () => void;
}
