import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartRestoreSchema,
  reminderOverviewSchema,
  reminderSettingsSchema,
} from '../../../domain/contracts/cart-reminders.js';
import { savedCartSchema } from '../../../domain/contracts/carts.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import { unsubscribeLinkRoutes } from '../../http/unsubscribe-link.js';
import type { CartReminderService } from './service.js';

export const UNSUBSCRIBED_FROM_REMINDERS = 'You will not get cart reminders from us anymore.';

/** The mail's links: the unsubscribe link (public, by its signed token) and the cart's restore (signed in). */
export const cartReminderRoutes: FastifyPluginAsyncZod<{
  reminders: CartReminderService;
  currentUser: CurrentUser;
}> = async (app, { reminders, currentUser }) => {
  await app.register(unsubscribeLinkRoutes, {
    path: '/cart-reminders/unsubscribe',
    tag: 'account',
    summary: 'Stop cart reminders to the account',
    tokenMax: 400,
    title: 'Cart reminders',
    question: 'Stop the mails that remind you of a cart you left?',
    button: 'Unsubscribe',
    done: UNSUBSCRIBED_FROM_REMINDERS,
    invalid: 'This link is not valid.',
    unsubscribe: (token) => reminders.unsubscribe(token),
  });

  app.post(
    '/account/cart/restore',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['account'],
        summary:
          "A reminder mail's link (`/cart?restore=<token>`): the pairs it named are merged into your saved " +
          'cart (the same shoe and size keeps the larger quantity), only for the account it was mailed to; ' +
          'the saved cart',
        body: cartRestoreSchema,
        response: {
          200: savedCartSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => reminders.restore(await currentUser.require(request), request.body.token),
  );
};

const staffErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The admin panel's card: what the reminders did, and the owner's choice for the second one. */
export const cartReminderAdminRoutes: FastifyPluginAsyncZod<{
  reminders: CartReminderService;
  currentUser: CurrentUser;
}> = async (app, { reminders, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/cart-reminders',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Cart reminders: carts reminded, carts recovered (a reminded cart later paid) and their revenue, ' +
          'the second reminder’s codes sent and used, and its settings',
        response: { 200: reminderOverviewSchema, ...staffErrors },
      },
    },
    async () => reminders.overview(),
  );

  app.put(
    '/admin/cart-reminders/settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Turn the second reminder on or off and choose its single-use code: a percent (1-90) or an amount ' +
          'in cents, valid for 1-365 days (audited)',
        body: reminderSettingsSchema,
        response: { 200: reminderOverviewSchema, ...staffErrors },
      },
    },
    async (request) => reminders.saveSettings(request.body, await currentUser.require(request)),
  );
};
