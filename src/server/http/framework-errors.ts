import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's `frameworkErrors`: requests the router refuses before any route
 * sees them, answered in the API's error shape instead of Fastify's own. A path
 * that is not valid percent-encoding (FST_ERR_BAD_URL) and a path parameter
 * longer than the router's maxParamLength (FST_ERR_MAX_PARAM_LENGTH, a 414 by
 * default that no route declares) are both bad input: 400, like a parameter
 * that fails its schema.
 *
 * It answers and returns nothing: Fastify calls it where a void callback is
 * expected and drops what it returns, so returning the reply (a thenable) only
 * handed the router a promise-like value nobody awaits. A failure while writing
 * the answer stays the reply's own, logged by Fastify like any other reply's.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, body] = answerOf(error);
  reply.status(status).send(body);
}

function answerOf(error: FastifyError): [number, { error: { code: string; message: string } }] {
  if (error.code === 'FST_ERR_BAD_URL') {
    return [400, { error: { code: 'bad_request', message: 'The address is not valid' } }];
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return [400, { error: { code: 'bad_request', message: 'A path parameter is too long' } }];
  }
  return [
    500,
    { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
  ];
}
