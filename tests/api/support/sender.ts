import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN } from './session.js';

export type Send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/**
 * Requests to a test app from the shop's own pages, each from an address of its own under
 * `10.{subnet}.` (per-address rate limits are not what these tests are about). `app` is read at each
 * request: test files make their app in beforeAll.
 */
export function createSender(app: () => FastifyInstance, subnet: number): Send {
  let requests = 0;
  return (method, url, cookie, payload, headers = {}) =>
    app().inject({
      method,
      url,
      payload: payload as string,
      headers: { origin: TEST_ORIGIN, cookie, ...headers },
      remoteAddress: `10.${subnet}.${Math.floor(requests / 250) % 250}.${(requests++ % 250) + 1}`,
    });
}
