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
import type { WebhooksService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.string().max(100) });
const deliveryParams = idParams.extend({ deliveryId: z.string().max(100) });
const tags = ['admin', 'webhooks'];

/**
 * Webhooks in the admin panel (issue 34 item 3; contracts/webhooks.ts lists the routes): administrator
 * or manager only, checked before any body is read. Secrets are answered by create and rotate only.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService;
  currentUser: CurrentUser;
}> = async (app, { webhooks, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary: 'Every webhook endpoint, newest first (no secrets)',
        response: { 200: webhookEndpointListSchema, ...errors },
      },
    },
    () => webhooks.list(),
  );

  app.post(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary:
          'Register an endpoint: a public http(s) address and the events it receives; answers its ' +
          'signing secret, this once',
        body: webhookEndpointFormSchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(request.body, await currentUser.require(request))),
  );

  app.put(
    '/admin/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change an endpoint’s address, events, description, or pause it',
        params: idParams,
        body: webhookEndpointFormSchema,
        response: { 200: webhookEndpointAnswerSchema, ...errors },
      },
    },
    async (request) => webhooks.update(request.params.id, request.body, await currentUser.require(request)),
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id, await currentUser.require(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/webhooks/:id/rotate',
    {
      schema: {
        tags,
        summary: 'A new signing secret, answered this once; the old one signs nothing more',
        params: idParams,
        response: { 200: webhookEndpointWithSecretSchema, ...errors },
      },
    },
    async (request) => webhooks.rotate(request.params.id, await currentUser.require(request)),
  );

  app.post(
    '/admin/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Queue a ping for this endpoint',
        params: idParams,
        response: { 202: webhookDeliveryAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.test(request.params.id, await currentUser.require(request))),
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'An endpoint’s deliveries, newest first, a page at a time',
        params: idParams,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...errors },
      },
    },
    async (request) => webhooks.deliveries(request.params.id, request.query.page, request.query.limit),
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        tags,
        summary: 'Send a delivery again: the same webhook-id and body, due now, retried for a new window',
        params: deliveryParams,
        response: { 202: webhookDeliveryAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await webhooks.replay(
            request.params.id,
            request.params.deliveryId,
            await currentUser.require(request),
          ),
        ),
  );
};
