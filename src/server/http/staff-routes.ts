import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { User } from '../../domain/account.js';

/** The statuses a staff route answers with when it goes well; 204 answers no body. */
type Status = 200 | 201 | 202 | 204;

/** A route's OpenAPI text and its Zod schemas, the answer's under its status. */
export interface StaffRouteSchema<P extends z.ZodType, B extends z.ZodType, Q extends z.ZodType> {
  summary: string;
  params?: P;
  body?: B;
  querystring?: Q;
  status?: Status;
  /** The answer's schema (z.null() for a 204). */
  answer: z.ZodType;
}

/** What a staff route's handler is given: the request's parts, parsed, and who is asking. */
export interface StaffInput<P extends z.ZodType, B extends z.ZodType, Q extends z.ZodType> {
  params: z.infer<P>;
  body: z.infer<B>;
  query: z.infer<Q>;
  /** The signed-in staff member (read only by the handlers that record who did it). */
  actor(): Promise<User>;
}

type Handler<P extends z.ZodType, B extends z.ZodType, Q extends z.ZodType> = (
  input: StaffInput<P, B, Q>,
) => Promise<unknown> | unknown;

/**
 * The routes of an admin-panel plugin (webhooks, a shoe's gallery...) declared once each: the
 * method, the address, the summary and schemas, the answer's status, and what the service does. The
 * plugin's tags and error answers are given here once instead of in every route; the plugin checks
 * who may call them itself (its `onRequest` hook), before any body is read.
 */
export function staffRoutes(
  app: Pick<FastifyInstance, 'route'>,
  shared: {
    tags: string[];
    errors: Record<number, z.ZodType>;
    actor: (request: FastifyRequest) => Promise<User>;
  },
) {
  const route =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    <P extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(
      url: string,
      schema: StaffRouteSchema<P, B, Q>,
      handler: Handler<P, B, Q>,
    ) => {
      const { summary, params, body, querystring, status = 200, answer } = schema;
      app.route({
        method,
        url,
        schema: {
          tags: shared.tags,
          summary,
          ...(params ? { params } : {}),
          ...(body ? { body } : {}),
          ...(querystring ? { querystring } : {}),
          response: { [status]: answer, ...shared.errors },
        },
        handler: async (request, reply) => {
          const answered = await handler({
            params: request.params as z.infer<P>,
            body: request.body as z.infer<B>,
            query: request.query as z.infer<Q>,
            actor: () => shared.actor(request),
          });
          return reply.status(status).send(status === 204 ? null : answered);
        },
      });
    };
  return { get: route('GET'), post: route('POST'), put: route('PUT'), delete: route('DELETE') };
}
