import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's `frameworkErrors`: requests the router refuses before any route
 * sees them, answered in the API's error shape instead of Fastify's own. A path
 * that is not valid percent-encoding (FST_ERR_BAD_URL) and a path parameter
 * longer than the router's maxParamLength (FST_ERR_MAX_PARAM_LENGTH, a 414 by
 * default that no route declares) are both bad input: 400, like a parameter
 * that fails its schema.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ error: { code: 'bad_request', message: 'The address is not valid' } });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(400)
      .send({ error: { code: 'bad_request', message: 'A path parameter is too long' } });
  }
  return reply
    .status(500)
    .send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
}
