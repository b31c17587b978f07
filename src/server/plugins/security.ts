import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { secureCookiesOverHttps } from '../http/secure-cookies.js';
import { securityHeaders } from '../http/security-headers.js';
import { imageOriginsOf } from '../storage/image-storage.js';

/**
 * Security headers on every answer (helmet), with a Content-Security-Policy that allows only the
 * shop itself (and the pages' inline capture, by its hash), the image origin (S3_PUBLIC_URL) and, with PAYMENTS=stripe, Stripe.js; and cookies
 * marked Secure whenever the request came over HTTPS. The API's own checks (same-origin writes, NUL
 * characters) are modules/api-routes.ts's.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  /** `'sha256-…'` sources of the pages' own inline scripts (web/page-shell.ts). */
  inlineScriptHashes: readonly string[] = [],
): Promise<void> {
  // With Stripe, the payment form loads Stripe.js, whose card field is a frame that talks to Stripe's API.
  const stripeJs = config.PAYMENTS === 'stripe';
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOriginsOf(config)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScriptHashes, ...(stripeJs ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripeJs ? ['https://api.stripe.com'] : [])],
        ...(stripeJs ? { frameSrc: ["'self'", 'https://js.stripe.com'] } : {}),
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', secureCookiesOverHttps);
}
