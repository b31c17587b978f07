import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookDeliveryAnswerSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookEndpointAnswerSchema,
  webhookEndpointFormSchema,
  webhookEndpointListSchema,
  webhookEndpointWithSecretSchema,
} from '../../../domain/contracts/webhooks.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import { staffRoutes } from '../../http/staff-routes.js';
import type { WebhooksService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.string().max(100) });
const deliveryParams = idParams.extend({ deliveryId: z.string().max(100) });

/**
 * Webhooks in the admin panel (issue 34 item 3; contracts/webhooks.ts lists the routes): administrator
 * or manager only, checked before any body is read. Secrets are answered by create and rotate only.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService;
  currentUser: CurrentUser;
}> = async (app, { webhooks, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);
  const route = staffRoutes(app, { tags: ['admin', 'webhooks'], errors, actor: currentUser.require });

  route.get(
    '/admin/webhooks',
    { summary: 'Every webhook endpoint, newest first (no secrets)', answer: webhookEndpointListSchema },
    () => webhooks.list(),
  );

  route.post(
    '/admin/webhooks',
    {
      summary:
        'Register an endpoint: a public http(s) address and the events it receives; answers its ' +
        'signing secret, this once',
      body: webhookEndpointFormSchema,
      status: 201,
      answer: webhookEndpointWithSecretSchema,
    },
    async ({ body, actor }) => webhooks.create(body, await actor()),
  );

  route.put(
    '/admin/webhooks/:id',
    {
      summary: 'Change an endpoint’s address, events, description, or pause it',
      params: idParams,
      body: webhookEndpointFormSchema,
      answer: webhookEndpointAnswerSchema,
    },
    async ({ params, body, actor }) => webhooks.update(params.id, body, await actor()),
  );

  route.delete(
    '/admin/webhooks/:id',
    {
      summary: 'Delete an endpoint and its delivery log',
      params: idParams,
      status: 204,
      answer: z.null(),
    },
    async ({ params, actor }) => webhooks.remove(params.id, await actor()),
  );

  route.post(
    '/admin/webhooks/:id/rotate',
    {
      summary: 'A new signing secret, answered this once; the old one signs nothing more',
      params: idParams,
      answer: webhookEndpointWithSecretSchema,
    },
    async ({ params, actor }) => webhooks.rotate(params.id, await actor()),
  );

  route.post(
    '/admin/webhooks/:id/test',
    {
      summary: 'Queue a ping for this endpoint',
      params: idParams,
      status: 202,
      answer: webhookDeliveryAnswerSchema,
    },
    async ({ params, actor }) => webhooks.test(params.id, await actor()),
  );

  route.get(
    '/admin/webhooks/:id/deliveries',
    {
      summary: 'An endpoint’s deliveries, newest first, a page at a time',
      params: idParams,
      querystring: webhookDeliveryQuerySchema,
      answer: webhookDeliveryPageSchema,
    },
    ({ params, query }) => webhooks.deliveries(params.id, query.page, query.limit),
  );

  route.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/replay',
    {
      summary: 'Send a delivery again: the same webhook-id and body, due now, retried for a new window',
      params: deliveryParams,
      status: 202,
      answer: webhookDeliveryAnswerSchema,
    },
    async ({ params, actor }) => webhooks.replay(params.id, params.deliveryId, await actor()),
  );
};
