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
 * search), and of the writes a landing page makes (a review, a favorite, a restock request).
 * Referenced only through `lazySchema` (http.ts): development loads this module with the first
 * request and checks every answer; a production build loads it only for one of those writes, whose
 * answer is always checked, so Zod stays out of the storefront's pages (the server checks each
 * answer against the same schemas).
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
