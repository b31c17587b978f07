import type { FastifyPluginAsync } from 'fastify';
import { authHeaders } from '../../auth/auth-headers.js';
import type { Auth } from '../../auth/auth-instance.js';

/**
 * The few better-auth endpoints the browser talks to directly: starting a
 * Google sign-in and its OpenID Connect callback. Email and password go
 * through our own /api/account routes (spec messages, rate limits).
 */
const EXPOSED = ['/api/auth/sign-in/social', '/api/auth/callback/', '/api/auth/error'];

export const authRoutes: FastifyPluginAsync<{ auth: Auth; publicUrl: string }> = async (
  app,
  { auth, publicUrl },
) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      if (!EXPOSED.some((prefix) => url.pathname.startsWith(prefix))) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: `No route for ${request.method} ${url.pathname}` } });
      }
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: authHeaders(request),
          body: request.method === 'POST' && request.body ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    },
  });
};
