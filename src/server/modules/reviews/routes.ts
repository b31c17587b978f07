import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canUseAdminPanel } from '../../../domain/account.js';
import { isUuid } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import {
  reviewEligibilitySchema,
  reviewInputSchema,
  reviewSchema,
  reviewUpdateSchema,
  type ReviewEligibility,
} from '../../../domain/review.js';
import { forbidden, type CurrentUser } from '../../auth/current-user.js';
import type { Database } from '../../db/client.js';
import { orderLines, orders, reviews, shoes } from '../../db/schema.js';
import { conflict, errorBodySchema, HttpError, notFound } from '../../http/errors.js';

const MAX_REVIEWS = 200;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

type ReviewRow = typeof reviews.$inferSelect;
const toReview = (row: ReviewRow, viewerId: string | undefined) => ({
  _id: row.id,
  review: row.review,
  rating: row.rating,
  createdAt: row.createdAt.toISOString(),
  own: row.userId === viewerId,
});

/** Verified reviews (spec §2, §4, DESIGN.md §2): only buyers whose order was Received may write one. */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Database; currentUser: CurrentUser }> = async (
  app,
  { db, currentUser },
) => {
  async function hasReceived(userId: string, shoeId: string): Promise<boolean> {
    const [found] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orders.status, 'Received'), eq(orderLines.shoeId, shoeId)))
      .limit(1);
    return Boolean(found);
  }

  async function ownReview(reviewId: string, userId: string): Promise<ReviewRow> {
    const [row] = isUuid(reviewId) ? await db.select().from(reviews).where(eq(reviews.id, reviewId)) : [];
    if (!row) throw notFound(MESSAGES.review.notFound);
    if (row.userId !== userId) throw forbidden();
    return row;
  }

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
    async (request) => {
      if (!isUuid(request.params.shoeId)) return [];
      const viewer = await currentUser.optional(request);
      const rows = await db
        .select()
        .from(reviews)
        .where(eq(reviews.shoeId, request.params.shoeId))
        .orderBy(desc(reviews.createdAt))
        .limit(MAX_REVIEWS);
      return rows.map((row) => toReview(row, viewer?._id));
    },
  );

  async function hasReviewed(userId: string, shoeId: string): Promise<boolean> {
    const [found] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.shoeId, shoeId)))
      .limit(1);
    return Boolean(found);
  }

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
    async (request, reply): Promise<ReviewEligibility> => {
      const user = await currentUser.require(request);
      const { shoeId } = request.params;
      const [shoe] = isUuid(shoeId)
        ? await db.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, shoeId))
        : [];
      if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
      // Personal: never kept by a shared cache.
      void reply.header('cache-control', 'private, no-store');
      if (await hasReviewed(user._id, shoeId)) {
        return {
          eligible: false,
          reason: { code: 'already_reviewed', message: MESSAGES.review.alreadyReviewed },
        };
      }
      if (!(await hasReceived(user._id, shoeId))) {
        return { eligible: false, reason: { code: 'not_bought', message: MESSAGES.review.notBought } };
      }
      return { eligible: true };
    },
  );

  // Server-rendered shoe pages carry their reviews (web-app.ts keeps them with the catalogue's
  // answers): a review written, edited or deleted drops them, as a catalogue write does.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' && route.method !== 'HEAD')
      route.config = { ...route.config, changesCatalog: true };
  });

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
      const { shoeId } = request.params;
      const [shoe] = isUuid(shoeId)
        ? await db.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, shoeId))
        : [];
      if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
      if (!(await hasReceived(user._id, shoeId)))
        throw new HttpError(403, 'not_bought', MESSAGES.review.notBought);
      const [row] = await db
        .insert(reviews)
        .values({ userId: user._id, shoeId, review: request.body.review, rating: request.body.rating })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(MESSAGES.review.alreadyReviewed);
      return reply.status(201).send(toReview(row, user._id));
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
    async (request) => {
      const user = await currentUser.require(request);
      await ownReview(request.params.reviewId, user._id);
      const [row] = await db
        .update(reviews)
        .set({ review: request.body.review, rating: request.body.rating, updatedAt: new Date() })
        .where(eq(reviews.id, request.params.reviewId))
        .returning();
      return toReview(row!, user._id);
    },
  );

  app.delete(
    '/reviews/exact/:reviewId',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Delete your own review (the administrator may delete any)',
        params: z.object({ reviewId: z.string().max(100) }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await currentUser.require(request);
      const { reviewId } = request.params;
      if (canUseAdminPanel(user)) {
        const deleted = isUuid(reviewId)
          ? await db.delete(reviews).where(eq(reviews.id, reviewId)).returning()
          : [];
        if (deleted.length === 0) throw notFound(MESSAGES.review.notFound);
      } else {
        await ownReview(reviewId, user._id);
        await db.delete(reviews).where(eq(reviews.id, reviewId));
      }
      return { message: MESSAGES.admin.deleted };
    },
  );
};
