import { z } from 'zod';
import { RATING } from './constants.js';
import { MESSAGES } from './messages.js';

/** Review rules (spec §5): at least 5 characters (at most 2,000), 1-5 stars, default 1. */
export const REVIEW_LENGTH = { min: 5, max: 2000 } as const;

const reviewText = (tooShort: string) =>
  z
    .string({ error: tooShort })
    .trim()
    .min(REVIEW_LENGTH.min, tooShort)
    .max(REVIEW_LENGTH.max, MESSAGES.review.tooLong(REVIEW_LENGTH.max));

const rating = z.coerce.number().int().min(RATING.min).max(RATING.max).default(RATING.default);

export const reviewInputSchema = z.object({
  review: reviewText(MESSAGES.review.tooShort),
  rating,
  // The spec's client sends its uid; the session says who writes.
  idUser: z.string().max(200).optional(),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewUpdateSchema = z.object({ review: reviewText(MESSAGES.review.updateTooShort), rating });
export type ReviewUpdate = z.input<typeof reviewUpdateSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  review: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
  /** True for the signed-in user's own review; others' show as ANONYMOUS USER. */
  own: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * May the signed-in user review this shoe? Asked when they press 'I already bought them', so a
 * shopper who has no Received order of it hears so before writing anything (spec §4).
 */
export const reviewEligibilitySchema = z.object({
  eligible: z.boolean(),
  /** Why not, in the spec's words: "You haven't bought these yet", or already reviewed. */
  reason: z.object({ code: z.enum(['not_bought', 'already_reviewed']), message: z.string() }).optional(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;
