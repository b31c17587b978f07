import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy or a client may choose: no spaces, quotes or control characters to forge log lines with. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the id a load balancer or a caller gave the request (so one request can be
 * followed across their logs and ours), when it is a safe token; a new UUID otherwise. It appears
 * as `reqId` on every log line of the request.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** onRequest: every answer names its id, so a shopper's report or a client's log points at ours. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  done();
}
