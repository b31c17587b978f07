import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_SAVED_ADDRESSES,
  savedAddressAnswerSchema,
  savedAddressBodySchema,
  savedAddressListSchema,
} from '../../../domain/contracts/addresses.js';
import { messageAnswerSchema } from '../../../domain/contracts/answers.js';
import { MESSAGES } from '../../../domain/messages.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { AddressService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const idParams = z.object({ id: z.string().max(200) });
const tags = ['account'];

/**
 * The signed-in user's saved delivery addresses (issue 31 item 4): listed, added, edited, deleted,
 * one made the default. Another user's address answers 404, as one that does not exist.
 */
export const addressRoutes: FastifyPluginAsyncZod<{
  addresses: AddressService;
  currentUser: CurrentUser;
}> = async (app, { addresses, currentUser }) => {
  app.addHook('onRequest', currentUser.requireUser);
  const userId = async (request: Parameters<CurrentUser['require']>[0]) =>
    (await currentUser.require(request))._id;

  app.get(
    '/account/addresses',
    {
      schema: {
        tags,
        summary: 'Your saved delivery addresses: the default first, then the most recently added',
        response: { 200: savedAddressListSchema, ...errors },
      },
    },
    async (request) => addresses.list(await userId(request)),
  );

  app.post(
    '/account/addresses',
    {
      schema: {
        tags,
        summary:
          `Save a delivery address (the cart's form and its rules); the first one saved is the default. ` +
          `At most ${MAX_SAVED_ADDRESSES} (409 address_limit)`,
        body: savedAddressBodySchema,
        response: { 201: savedAddressAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const address = await addresses.add(await userId(request), request.body);
      return reply.status(201).send({ message: MESSAGES.addresses.added, address });
    },
  );

  app.put(
    '/account/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Change one of your addresses (the whole address; whether it is the default stays)',
        params: idParams,
        body: savedAddressBodySchema,
        response: { 200: savedAddressAnswerSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => ({
      message: MESSAGES.addresses.updated,
      address: await addresses.update(await userId(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/account/addresses/:id/default',
    {
      schema: {
        tags,
        summary:
          'Make one of your addresses the default, the one the cart preselects (the old one stops being)',
        params: idParams,
        response: { 200: savedAddressAnswerSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => ({
      message: MESSAGES.addresses.madeDefault,
      address: await addresses.makeDefault(await userId(request), request.params.id),
    }),
  );

  app.delete(
    '/account/addresses/:id',
    {
      schema: {
        tags,
        summary:
          'Delete one of your addresses; when it was the default, the most recently added other becomes it',
        params: idParams,
        response: { 200: messageAnswerSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => addresses.remove(await userId(request), request.params.id),
  );
};
