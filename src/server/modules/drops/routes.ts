import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDropAnswerSchema,
  adminDropListAnswerSchema,
  adminEntryListAnswerSchema,
  dropAnswerSchema,
  dropListAnswerSchema,
  dropListQuerySchema,
  dropResultAnswerSchema,
  entryAnswerSchema,
  myEntryListAnswerSchema,
  queueAnswerSchema,
} from '../../../domain/contracts/drops.js';
import { dropUrls } from '../../../domain/drop-urls.js';
import { dropEntryFormSchema, dropFormSchema } from '../../../domain/drops.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import type { DropsService } from './service.js';
import type { WaitingRoom } from './waiting-room.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.string().max(100) });

/** A robot entering for many: a few tries a minute per address (issue 36 item 3). */
const entryRateLimit = { max: 10, timeWindow: '1 minute' };

/** A crowd's joins and purchases: a few a minute per address; polls are not counted (they cost nothing). */
const queueRateLimit = { max: 10, timeWindow: '1 minute' };

/** The signed place, sent back only to its own drop's routes and never readable by scripts. */
const PLACE_COOKIE = 'drop_place';

function placeOf(request: FastifyRequest): string | undefined {
  const match = /(?:^|;\s*)drop_place=([A-Za-z0-9_.-]+)/.exec(request.headers.cookie ?? '');
  return match?.[1];
}

function keepPlace(reply: FastifyReply, dropId: string, token: string, closesAt: Date): void {
  const seconds = Math.max(60, Math.ceil((closesAt.getTime() - Date.now()) / 1000) + 3600);
  reply.header(
    'set-cookie',
    `${PLACE_COOKIE}=${token}; Path=${dropUrls.drop(dropId)}; Max-Age=${seconds}; HttpOnly; SameSite=Lax`,
  );
}

/** Drops on the storefront: anyone reads them; a signed-in shopper enters a draw or queues for a sale. */
export const dropRoutes: FastifyPluginAsyncZod<{
  drops: DropsService;
  waitingRoom: WaitingRoom;
  currentUser: CurrentUser;
}> = async (app, { drops, waitingRoom, currentUser }) => {
  app.get(
    '/drops',
    {
      schema: {
        tags: ['drops'],
        summary:
          'Upcoming, open and lately drawn drops (or one shoe’s, `shoe=`), soonest first, each with the ' +
          'commitment to its secret seed and, once drawn, the seed',
        querystring: dropListQuerySchema,
        response: { 200: dropListAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => drops.list(request.query.shoe),
  );

  app.get(
    '/drops/:id',
    {
      schema: {
        tags: ['drops'],
        summary:
          'One drop: its shoe, window, pairs per size, entries so far, commitment and (once drawn) seed',
        params: idParams,
        response: { 200: dropAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => drops.get(request.params.id),
  );

  app.get(
    '/drops/:id/result',
    {
      schema: {
        tags: ['drops'],
        summary:
          'A draw’s published list, from its close: every entry id with its size and outcome, the pairs, ' +
          'and once drawn the seed, to recompute the winners (docs/decisions/032)',
        params: idParams,
        response: {
          200: dropResultAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => drops.result(request.params.id),
  );

  app.post(
    '/drops/:id/entries',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: entryRateLimit },
      schema: {
        tags: ['drops'],
        summary:
          'Enter a draw: a size, the delivery address and a card saved for the draw (charged only if it ' +
          'wins). A verified email is needed; one entry per person, card and address',
        params: idParams,
        body: dropEntryFormSchema,
        response: {
          201: entryAnswerSchema,
          ...errors,
          402: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await drops.enter(await currentUser.require(request), request.params.id, request.body)),
  );

  app.post(
    '/drops/:id/queue',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: queueRateLimit },
      schema: {
        tags: ['drops'],
        summary:
          'Join a first-come drop’s waiting room (from 10 minutes before it opens): one place per shopper, ' +
          'kept in a signed httpOnly cookie; those who join before the opening are put in a random order at it',
        params: idParams,
        response: { 200: queueAnswerSchema, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const joined = await waitingRoom.join(await currentUser.require(request), request.params.id);
      keepPlace(reply, request.params.id, joined.token, joined.closesAt);
      return joined.answer;
    },
  );

  app.get(
    '/drops/:id/queue',
    {
      schema: {
        tags: ['drops'],
        summary:
          'Where the shopper’s place stands (from its cookie): waiting with the places ahead and when it is ' +
          'let in, let in until when it may pay, or sold out; no database read per poll',
        params: idParams,
        response: { 200: queueAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const polled = await waitingRoom.poll(request.params.id, placeOf(request));
      if (polled.token) keepPlace(reply, request.params.id, polled.token, polled.closesAt);
      // The same place gets the same answer for a second: a browser asking twice is answered by its cache.
      reply.header('cache-control', 'private, max-age=1');
      return polled.answer;
    },
  );

  app.post(
    '/drops/:id/purchase',
    {
      onRequest: currentUser.requireUser,
      config: { rateLimit: queueRateLimit },
      schema: {
        tags: ['drops'],
        summary:
          'Buy one pair of a first-come drop once let in, before the time to pay runs out: a size, the ' +
          'delivery address and a card; one pair per person, card and address',
        params: idParams,
        body: dropEntryFormSchema,
        response: {
          201: entryAnswerSchema,
          ...errors,
          402: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await waitingRoom.buy(
            await currentUser.require(request),
            request.params.id,
            placeOf(request),
            request.body,
          ),
        ),
  );

  app.get(
    '/account/drop-entries',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['drops', 'account'],
        summary: 'The signed-in shopper’s entries to drops, newest first, with their outcomes',
        response: { 200: myEntryListAnswerSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => drops.myEntries(await currentUser.require(request)),
  );
};

/** Drops in the admin panel: administrator or manager only, checked before any body is read. */
export const dropAdminRoutes: FastifyPluginAsyncZod<{
  drops: DropsService;
  currentUser: CurrentUser;
}> = async (app, { drops, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/drops',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary: 'Every drop, newest first, with its sizes sold, flagged entries and the draw’s progress',
        response: { 200: adminDropListAnswerSchema, ...errors },
      },
    },
    async () => drops.adminList(),
  );

  app.post(
    '/admin/drops',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary:
          'Schedule a drop of a shoe: a draw or first come, the opening and the close, pairs per size (within ' +
          'its stock); the shoe is then sold by the drop alone until it is over',
        body: dropFormSchema,
        response: { 201: adminDropAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await drops.schedule(request.body, await currentUser.require(request))),
  );

  app.get(
    '/admin/drops/:id',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary: 'One drop as staff see it',
        params: idParams,
        response: { 200: adminDropAnswerSchema, ...errors },
      },
    },
    async (request) => drops.adminGet(request.params.id),
  );

  app.get(
    '/admin/drops/:id/entries',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary: 'A drop’s entries, flagged first (another shopper tried their card or address), then newest',
        params: idParams,
        response: { 200: adminEntryListAnswerSchema, ...errors },
      },
    },
    async (request) => drops.adminEntries(request.params.id),
  );

  app.put(
    '/admin/drops/:id',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary:
          'Change a drop until it opens: its mode, opening and close, pairs per size (within the stock) and ' +
          'pace; never its shoe',
        params: idParams,
        body: dropFormSchema,
        response: { 200: adminDropAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => drops.edit(request.params.id, request.body, await currentUser.require(request)),
  );

  app.post(
    '/admin/drops/:id/close',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary: 'Close a draw’s entries now and draw at once',
        params: idParams,
        response: { 200: adminDropAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => drops.closeEntries(request.params.id, await currentUser.require(request)),
  );

  app.post(
    '/admin/drops/:id/cancel',
    {
      schema: {
        tags: ['admin', 'drops'],
        summary: 'Cancel a drop not drawn yet: no entry is charged, and the shoe is on sale again',
        params: idParams,
        response: { 200: adminDropAnswerSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => drops.cancel(request.params.id, await currentUser.require(request)),
  );
};
