import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAVORITE_ALERT_TEXTS,
  favoriteAlertSettingsSchema,
} from '../../../../domain/contracts/favorite-alerts.js';
import type { CurrentUser } from '../../../auth/current-user.js';
import { forbidden } from '../../../auth/identity.js';
import { errorBodySchema } from '../../../http/errors.js';
import type { FavoriteAlertService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const uidParams = z.object({ uid: z.string().max(200) });

const page = (text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Favorite alerts</title><p>${text}</p><p><a href="/">Back Home</a></p></html>`;

/** Favorite alerts: the signed-in shopper's own switch (403 for anyone else's), and the mail's link. */
export const favoriteAlertRoutes: FastifyPluginAsyncZod<{
  alerts: FavoriteAlertService;
  currentUser: CurrentUser;
}> = async (app, { alerts, currentUser }) => {
  async function ownUid(request: Parameters<CurrentUser['require']>[0], uid: string): Promise<string> {
    const user = await currentUser.require(request);
    if (uid !== user._id) throw forbidden();
    return user._id;
  }

  app.get(
    '/favorites/:uid/alerts',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Whether the signed-in user is mailed when a favorite goes on sale or its price drops',
        params: uidParams,
        response: { 200: favoriteAlertSettingsSchema, ...errors },
      },
    },
    async (request) => alerts.settings(await ownUid(request, request.params.uid)),
  );

  app.put(
    '/favorites/:uid/alerts',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['favorites'],
        summary:
          'Turn favorite alerts on or off: one mail per change (grouped when several favorites change ' +
          'close together) when a favorite goes on sale or its price drops',
        params: uidParams,
        body: favoriteAlertSettingsSchema,
        response: { 200: favoriteAlertSettingsSchema, ...errors },
      },
    },
    async (request) => alerts.setEnabled(await ownUid(request, request.params.uid), request.body.enabled),
  );

  app.get(
    '/favorite-alerts/unsubscribe',
    {
      schema: {
        tags: ['favorites'],
        summary: "Turn a shopper's favorite alerts off with the signed token of their mail (no sign-in)",
        querystring: z.object({ token: z.string().min(1).max(400) }),
        response: {
          200: { description: 'A page confirming it', content: { 'text/html': { schema: z.string() } } },
          400: errorBodySchema,
          404: {
            description: 'A page saying the link is not valid',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const done = await alerts.unsubscribe(request.query.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(page(done ? FAVORITE_ALERT_TEXTS.unsubscribed : FAVORITE_ALERT_TEXTS.invalidLink));
    },
  );
};
