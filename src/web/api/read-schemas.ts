import { z } from 'zod';
import { sessionSchema } from '../../domain/account';
import { shoeSchema } from '../../domain/catalog';
import { reviewEligibilitySchema, reviewSchema } from '../../domain/review';
import {
  brandListAnswerSchema,
  searchAnswerSchema,
  shoeFacetsAnswerSchema,
  shoeListAnswerSchema,
} from '../../domain/contracts/catalog';
import { messageAnswerSchema } from '../../domain/contracts/answers';
import { alsoLikeAnswerSchema } from '../../domain/contracts/recommendations';
import {
  dropAnswerSchema,
  dropListAnswerSchema,
  dropResultAnswerSchema,
  queueAnswerSchema,
} from '../../domain/contracts/drops';

/**
 * The schemas of the answers the storefront reads (session, brands, shoes, colours, reviews,
 * search), and of the reviews it writes and deletes. Referenced only through `lazySchema` (http.ts): development
 * loads this module with the first request and checks every answer; a production build loads it only
 * for a review's write or deletion, whose answer is always checked, so Zod stays out of the storefront's pages
 * (the server checks each answer against the same schemas).
 */
export const readSchemas = {
  session: sessionSchema,
  brandList: brandListAnswerSchema,
  shoe: shoeSchema,
  shoeList: shoeListAnswerSchema,
  shoeFacets: shoeFacetsAnswerSchema,
  review: reviewSchema,
  message: messageAnswerSchema,
  reviewList: z.array(reviewSchema),
  reviewEligibility: reviewEligibilitySchema,
  searchAnswer: searchAnswerSchema,
  alsoLike: alsoLikeAnswerSchema,
  dropList: dropListAnswerSchema,
  drop: dropAnswerSchema,
  dropResult: dropResultAnswerSchema,
  dropQueue: queueAnswerSchema,
};
export type ReadSchemas = typeof readSchemas;
