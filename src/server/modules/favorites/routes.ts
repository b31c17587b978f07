import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { forbidden } from '../../auth/identity.js';
import type { FavoriteService } from './service.js';
import { shoeListAnswerSchema } from '../../../domain/contracts/catalog.js';
import { messageAnswerSchema as messageSchema } from '../../../domain/contracts/answers.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const uidParams = z.object({ uid: z.string().max(200) });
const shoeBody = z.object({ shoeId: z.string().max(100) }).strict();

interface FavoriteRoutesOptions {
  favorites: FavoriteService;
  currentUser: CurrentUser;
}

/** Spec §7 favorites, keyed by uid: only the signed-in user's own (403 for anyone else's). */
export const favoriteRoutes: FastifyPluginAsyncZod<FavoriteRoutesOptions> = async (app, options) => {
  const { favorites, currentUser } = options;

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
        response: { 200: shoeListAnswerSchema, ...errors },
      },
    },
    async (request) => favorites.list(await ownUid(request, request.params.uid)),
  );

  // Adding and removing take the same body and answer the same way.
  const changes = [
    { method: 'POST', summary: 'Add a shoe to the favorites (adding twice keeps one)', act: favorites.add },
    { method: 'DELETE', summary: 'Remove a shoe from the favorites', act: favorites.remove },
  ] as const;
  for (const change of changes) {
    app.route({
      method: change.method,
      url: '/favorites/:uid',
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['favorites'],
        summary: change.summary,
        params: uidParams,
        body: shoeBody,
        response: { 200: messageSchema, ...errors },
      },
      handler: async (request) => change.act(await ownUid(request, request.params.uid), request.body.shoeId),
    });
  }
};
