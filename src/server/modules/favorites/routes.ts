import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid, shoeSchema } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import { forbidden, type CurrentUser } from '../../auth/current-user.js';
import type { Database } from '../../db/client.js';
import { favorites, shoes } from '../../db/schema.js';
import { errorBodySchema, notFound } from '../../http/errors.js';
import type { CatalogService } from '../catalog/service.js';

const MAX_FAVORITES = 500;
const messageSchema = z.object({ message: z.string() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const uidParams = z.object({ uid: z.string().max(200) });
const shoeBody = z.object({ shoeId: z.string().max(100) }).strict();

interface FavoriteRoutesOptions {
  db: Database;
  catalog: CatalogService;
  currentUser: CurrentUser;
}

/** Spec §7 favorites, keyed by uid: only the signed-in user's own (403 for anyone else's). */
export const favoriteRoutes: FastifyPluginAsyncZod<FavoriteRoutesOptions> = async (app, options) => {
  const { db, catalog, currentUser } = options;

  async function ownUid(request: Parameters<CurrentUser['require']>[0], uid: string): Promise<string> {
    const user = await currentUser.require(request);
    if (uid !== user._id) throw forbidden();
    return user._id;
  }

  app.get(
    '/favorites/:uid',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['favorites'],
        summary: "The signed-in user's favorite shoes, newest first",
        params: uidParams,
        response: { 200: z.array(shoeSchema), ...errors },
      },
    },
    async (request) => {
      const userId = await ownUid(request, request.params.uid);
      const rows = await db
        .select({ shoeId: favorites.shoeId })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt))
        .limit(MAX_FAVORITES);
      return catalog.getShoes(rows.map((row) => row.shoeId));
    },
  );

  app.post(
    '/favorites/:uid',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Add a shoe to the favorites (adding twice keeps one)',
        params: uidParams,
        body: shoeBody,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = await ownUid(request, request.params.uid);
      const { shoeId } = request.body;
      const [shoe] = isUuid(shoeId)
        ? await db.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, shoeId))
        : [];
      if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
      await db.insert(favorites).values({ userId, shoeId }).onConflictDoNothing();
      return { message: MESSAGES.favorites.added };
    },
  );

  app.delete(
    '/favorites/:uid',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Remove a shoe from the favorites',
        params: uidParams,
        body: shoeBody,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = await ownUid(request, request.params.uid);
      const { shoeId } = request.body;
      if (isUuid(shoeId)) {
        await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.shoeId, shoeId)));
      }
      return { message: MESSAGES.favorites.removed };
    },
  );
};
