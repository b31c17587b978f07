import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reviewEligibilitySchema,
  reviewInputSchema,
  reviewSchema,
  reviewUpdateSchema,
} from '../../../domain/review.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { CatalogCache } from '../../cache/response-cache.js';
import type { ReviewService } from './service.js';
import { messageAnswerSchema } from '../../../domain/contracts/answers.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Verified reviews (spec §2, §4): the rules are the service's; here, who is asking and the answers. */
export const reviewRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewService;
  currentUser: CurrentUser;
  cache: CatalogCache;
}> = async (app, { reviews, currentUser, cache }) => {
  app.get(
    '/reviews/:shoeId',
    {
      schema: {
        tags: ['reviews'],
        summary: "A shoe's reviews, newest first (own: the signed-in user's)",
        params: z.object({ shoeId: z.string().max(100) }),
        response: { 200: z.array(reviewSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const viewer = await currentUser.optional(request);
      if (viewer) return reviews.forShoe(request.params.shoeId, viewer._id);
      // What every visitor sees (no review is theirs) is kept with the catalogue's answers, which a
      // review's write drops (below): a shoe page rendered on the server reads it from there.
      return cache.send(request, reply, async () => ({
        body: await reviews.forShoe(request.params.shoeId, undefined),
        // Stock plays no part: only a review's own write (which clears the cache) changes it.
        tags: [],
      }));
    },
  );

  app.get(
    '/reviews/:shoeId/eligibility',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'May the signed-in user review this shoe (a Received order of it, no review yet)?',
        params: z.object({ shoeId: z.string().max(100) }),
        response: { 200: reviewEligibilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await reviews.eligibility(await currentUser.require(request), request.params.shoeId);
      // Personal: never kept by a shared cache.
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );

  app.post(
    '/reviews/:shoeId',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Review a shoe you received (one review per shoe)',
        params: z.object({ shoeId: z.string().max(100) }),
        body: reviewInputSchema,
        response: { 201: reviewSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser.require(request);
      return reply.status(201).send(await reviews.create(user, request.params.shoeId, request.body));
    },
  );

  app.put(
    '/reviews/exact/:reviewId',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Edit your own review',
        params: z.object({ reviewId: z.string().max(100) }),
        body: reviewUpdateSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) =>
      reviews.update(await currentUser.require(request), request.params.reviewId, request.body),
  );

  app.delete(
    '/reviews/exact/:reviewId',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Delete your own review (the administrator may delete any)',
        params: z.object({ reviewId: z.string().max(100) }),
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => reviews.delete(await currentUser.require(request), request.params.reviewId),
  );
};
