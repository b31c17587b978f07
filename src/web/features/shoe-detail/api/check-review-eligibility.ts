import type { ReviewEligibility } from '../../../../domain/review';
import { apiUrl, getData, lazySchema } from '../../../api/http';

const eligibilitySchema = lazySchema((schemas) => schemas.reviewEligibility);

/**
 * `GET /api/reviews/{shoeId}/eligibility`: whether the signed-in user may review the shoe (a
 * Received order of it, no review yet), asked afresh each time 'I already bought them' is pressed.
 */
export async function checkReviewEligibility(shoeId: string): Promise<ReviewEligibility> {
  const url = apiUrl(`/reviews/${encodeURIComponent(shoeId)}/eligibility`);
  return getData(url, eligibilitySchema);
}
