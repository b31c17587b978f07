import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAVORITE_ALERT_TEXTS,
  favoriteAlertSettingsSchema,
} from '../../../../domain/contracts/favorite-alerts.js';
import type { CurrentUser } from '../../../auth/current-user.js';
import { forbidden } from '../../../auth/identity.js';
import { errorBodySchema } from '../../../http/errors.js';
import { unsubscribeLinkRoutes } from '../../../http/unsubscribe-link.js';
import type { FavoriteAlertService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const uidParams = z.object({ uid: z.string().max(200) });

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

  await app.register(unsubscribeLinkRoutes, {
    path: '/favorite-alerts/unsubscribe',
    tag: 'favorites',
    summary: "Turn a shopper's favorite alerts off (no sign-in)",
    tokenMax: 400,
    title: 'Favorite alerts',
    question: 'Stop the mails about price drops and sales of your favorites?',
    button: 'Turn alerts off',
    done: FAVORITE_ALERT_TEXTS.unsubscribed,
    invalid: FAVORITE_ALERT_TEXTS.invalidLink,
    unsubscribe: (token) => alerts.unsubscribe(token),
  });
};
