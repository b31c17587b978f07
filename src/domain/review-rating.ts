/**
 * A shoe's average rating, to one decimal (0 without reviews). Apart from the review schemas
 * (review.ts) so the shoe page shows its stars without loading Zod.
 */
export function averageRating(reviews: readonly { rating: number }[]): number {
  if (reviews.length === 0) return 0;
  return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
}
