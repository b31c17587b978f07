import { canUseAdminPanel, type User } from '../../../domain/account.js';
import { isUuid } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Review, ReviewEligibility } from '../../../domain/review.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { forbidden } from '../../auth/identity.js';
import type { ReviewRepository, ReviewRow } from './repository.js';

const MAX_REVIEWS = 200;

/** What reviews need of the catalogue: a module never imports another's repository. */
export interface ReviewedShoes {
  shoeExists(id: string): Promise<boolean>;
}

const toReview = (row: ReviewRow, viewerId: string | undefined): Review => ({
  _id: row.id,
  review: row.review,
  rating: row.rating,
  createdAt: row.createdAt.toISOString(),
  own: row.userId === viewerId,
});

/**
 * Verified reviews (spec §2, §4; the README's "Favorites and reviews"): only a buyer whose order
 * of the shoe was marked Received may write one, one per shoe; its author edits and deletes it,
 * and the administrator or a manager may delete any.
 */
export function createReviewService(deps: {
  reviews: ReviewRepository;
  /** The catalogue's check, passed in at composition (plugins/services.ts). */
  shoes: ReviewedShoes;
}) {
  const { reviews, shoes } = deps;

  async function existingShoe(shoeId: string): Promise<void> {
    if (!isUuid(shoeId) || !(await shoes.shoeExists(shoeId))) throw notFound(MESSAGES.catalog.shoeNotFound);
  }

  async function ownReview(reviewId: string, userId: string): Promise<ReviewRow> {
    const row = isUuid(reviewId) ? await reviews.find(reviewId) : undefined;
    if (!row) throw notFound(MESSAGES.review.notFound);
    if (row.userId !== userId) throw forbidden();
    return row;
  }

  return {
    /** `viewerId`: the signed-in user, whose own review is marked. */
    async forShoe(shoeId: string, viewerId: string | undefined): Promise<Review[]> {
      if (!isUuid(shoeId)) return [];
      const rows = await reviews.forShoe(shoeId, MAX_REVIEWS);
      return rows.map((row) => toReview(row, viewerId));
    },

    /** Asked before the form opens: a Received order of the shoe, and no review of it yet. */
    async eligibility(user: User, shoeId: string): Promise<ReviewEligibility> {
      await existingShoe(shoeId);
      if (await reviews.hasReviewed(user._id, shoeId)) {
        return {
          eligible: false,
          reason: { code: 'already_reviewed', message: MESSAGES.review.alreadyReviewed },
        };
      }
      if (!(await reviews.hasReceived(user._id, shoeId))) {
        return { eligible: false, reason: { code: 'not_bought', message: MESSAGES.review.notBought } };
      }
      return { eligible: true };
    },

    async create(user: User, shoeId: string, input: { review: string; rating: number }): Promise<Review> {
      await existingShoe(shoeId);
      if (!(await reviews.hasReceived(user._id, shoeId)))
        throw new HttpError(403, 'not_bought', MESSAGES.review.notBought);
      const row = await reviews.insert({
        userId: user._id,
        shoeId,
        review: input.review,
        rating: input.rating,
      });
      if (!row) throw conflict(MESSAGES.review.alreadyReviewed);
      return toReview(row, user._id);
    },

    async update(user: User, reviewId: string, input: { review: string; rating: number }): Promise<Review> {
      await ownReview(reviewId, user._id);
      const row = await reviews.update(reviewId, input);
      return toReview(row!, user._id);
    },

    async delete(user: User, reviewId: string): Promise<{ message: string }> {
      if (canUseAdminPanel(user)) {
        const deleted = isUuid(reviewId) && (await reviews.delete(reviewId));
        if (!deleted) throw notFound(MESSAGES.review.notFound);
      } else {
        await ownReview(reviewId, user._id);
        await reviews.delete(reviewId);
      }
      return { message: MESSAGES.admin.deleted };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
