import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustProxyOf, type Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { withStartupLock } from './db/migrate.js';
import { registerErrorHandler } from './http/errors.js';
import { trackInFlight } from './http/in-flight.js';
import { createCatalogRepository } from './modules/catalog/repository.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createCatalogService } from './modules/catalog/service.js';
import { createCatalogCache } from './modules/catalog/response-cache.js';
import { createCatalogCacheSync } from './modules/catalog/cache-sync.js';
import { mailRoutes } from './modules/mail/routes.js';
import { createMailService } from './modules/mail/service.js';
import { createMailer } from './mail/mailer.js';
import multipart from '@fastify/multipart';
import { createAuth } from './auth/auth.js';
import { authRoutes } from './auth/auth-routes.js';
import { createCurrentUser } from './auth/current-user.js';
import { ensureAdmin } from './auth/ensure-admin.js';
import { resolveSessionSecret } from './auth/session-secret.js';
import { refuseCrossSiteWrites } from './http/same-origin.js';
import { answerFrameworkError } from './http/framework-errors.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { REDACTED, REDACTED_LOG_PATHS, serializeRequest } from './http/log-redaction.js';
import { secureCookiesOverHttps } from './http/secure-cookies.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { createAccountService } from './modules/accounts/service.js';
import { userRoutes } from './modules/users/routes.js';
import { favoriteRoutes } from './modules/favorites/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { createCheckoutService } from './modules/checkout/checkout-service.js';
import { createOrdersRepository } from './modules/checkout/orders-repository.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { createTestPaymentProvider } from './payments/test-payment-provider.js';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.js';
import { createImageStorage, imageOriginsOf, type ImageStorage } from './storage/image-storage.js';
import { registerUploads } from './storage/uploads-routes.js';
import { createSeoRepository } from './modules/seo/repository.js';
import { seoRoutes } from './modules/seo/routes.js';
import { createPageHeads } from './web/page-heads.js';
import { createRouteChunks } from './web/route-chunks.js';
import { registerWebApp } from './web/web-app.js';
import rateLimit from '@fastify/rate-limit';
import { createSharedCounters } from './redis/shared-counters.js';
import { echoRequestId, requestIdOf } from './http/request-id.js';
import { createReadiness } from './modules/health/readiness.js';
import { healthRoutes } from './modules/health/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createStatsRepository } from './modules/admin/stats-repository.js';
import { createAnalyticsRepository } from './modules/analytics/repository.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { catalogAdminRoutes } from './modules/catalog-admin/routes.js';
import { createCatalogAdminService } from './modules/catalog-admin/service.js';
import { SHOP_NAME } from '../domain/constants.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: boolean;
  /** Where the JSON log lines go (tests read them); standard output when omitted. */
  logStream?: { write(line: string): void };
  /** Aborted when the process starts to shut down: readiness answers 503 from then on. */
  stopping?: AbortSignal;
  /** Create the administrator account when missing (npm start does; tests choose). */
  bootstrapAdmin?: boolean;
  /** Where images go; built from the config when omitted. The app closes it when it closes. */
  imageStorage?: ImageStorage;
}

/**
 * How long a catalogue answer is reused. Writes clear it at once on this instance and, on
 * PostgreSQL, on the others (cache-sync.ts); the TTL bounds how long another instance may show a
 * stale copy while that announcement cannot get through (checkout re-checks stock anyway).
 */
const CATALOG_CACHE_TTL_MS = 5_000;

/** The whole shop as one Fastify instance: tests call this and use `inject()`. */
export async function buildApp({
  config,
  database,
  logger = true,
  bootstrapAdmin = false,
  logStream,
  stopping,
  imageStorage = createImageStorage(config),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          // No credential, token or card number in a log line, whatever a client puts in a URL.
          serializers: { req: serializeRequest },
          redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    genReqId: requestIdOf,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('handlersIdle', trackInFlight(app).idle);
  app.addHook('onRequest', echoRequestId);

  // With Stripe, the payment form loads Stripe.js, whose card field is a frame that talks to Stripe's API.
  const stripeJs = config.PAYMENTS === 'stripe';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOriginsOf(config)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(stripeJs ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripeJs ? ['https://api.stripe.com'] : [])],
        ...(stripeJs ? { frameSrc: ["'self'", 'https://js.stripe.com'] } : {}),
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { threshold: 1024 });
  app.addHook('onSend', secureCookiesOverHttps);

  await app.register(swagger, {
    openapi: {
      info: { title: `${SHOP_NAME} API`, version: '1.0.0', description: 'The REST API of the sneaker shop.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const counters = await createSharedCounters({
    url: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log: app.log,
  });
  app.addHook('onReady', counters.connect);
  app.addHook('onClose', counters.close);
  // Limits apply only to routes that ask for one (config.rateLimit), such as the public forms.
  await app.register(rateLimit, { global: false, ...counters.rateLimit });

  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });

  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const { db } = database;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });
  const images = imageStorage.store;
  const google = config.GOOGLE_CLIENT_ID
    ? {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        issuer: config.GOOGLE_ISSUER,
      }
    : undefined;
  const secret = resolveSessionSecret(config.SESSION_SECRET, config.dataDir);
  const auth = createAuth({ db, mailer, secret, publicUrl, google });
  if (bootstrapAdmin) {
    const admin = { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD };
    // Under the startup lock: instances starting together must not both find it missing and create it.
    await withStartupLock(database, () => ensureAdmin(auth, db, admin, (line) => app.log.warn(line)));
  }
  const adminEmail = config.ADMIN_EMAIL;
  const currentUser = createCurrentUser({ auth, db, adminEmail });
  const accounts = createAccountService({ auth, db, images, adminEmail });
  const catalogCache = createCatalogCache({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxBytes: 32 * 1024 * 1024,
    // Rendered pages (~130 kB each before compression): a few hundred of the most visited.
    pageMaxBytes: 32 * 1024 * 1024,
  });
  app.addHook('onSend', catalogCache.clearAfterWrites);
  if (database.pool) {
    // On PostgreSQL other instances may share the database: they hear of catalogue writes at once.
    const catalogSync = createCatalogCacheSync({ pool: database.pool, cache: catalogCache, log: app.log });
    app.addHook('onSend', catalogSync.announceWrites);
    app.addHook('onReady', catalogSync.start);
    app.addHook('onClose', catalogSync.close);
  }
  const catalogRepository = createCatalogRepository(db, catalogCache.rememberCount);
  const catalog = createCatalogService(catalogRepository);
  const catalogAdmin = createCatalogAdminService({ db, catalog: catalogRepository, images });
  const contactTo = config.CONTACT_TO ?? adminEmail;
  const mail = createMailService({ db, mailer, publicUrl, contactTo });
  // The Stripe SDK loads only when payments go through Stripe: test mode starts without it.
  const stripeModule =
    config.PAYMENTS === 'stripe' ? await import('./payments/stripe-payment-provider.js') : undefined;
  const stripe = stripeModule?.createStripeClient({
    secretKey: config.STRIPE_SECRET_KEY!,
    apiUrl: config.STRIPE_API_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
  });
  const payments =
    stripeModule && stripe
      ? stripeModule.createStripePaymentProvider(stripe)
      : createTestPaymentProvider(secret);
  const orders = createOrdersRepository(db);
  const checkout = createCheckoutService({
    db,
    payments,
    orders,
    mailer,
    publicUrl,
    singleInstance: database.kind === 'pglite',
    log: app.log,
  });
  // Payments left unconfirmed (provider unreachable, a crash mid-checkout) are settled in the background.
  app.addHook('onReady', async () => checkout.startReconciler());
  app.addHook('onClose', async () => checkout.stopReconciler());
  await app.register(
    async (api) => {
      api.addHook('onRequest', refuseCrossSiteWrites(publicUrl));
      api.addHook('preValidation', refuseNulCharacters);
      await api.register(catalogRoutes, { catalog, cache: catalogCache });
      await api.register(mailRoutes, { mail });
      await api.register(authRoutes, { auth, publicUrl });
      await api.register(accountRoutes, {
        accounts,
        currentUser,
        googleEnabled: Boolean(google),
        attempts: counters.attempts,
      });
      await api.register(userRoutes, { db, currentUser, adminEmail });
      await api.register(checkoutRoutes, {
        checkout,
        orders,
        payments,
        currentUser,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      });
      await api.register(favoriteRoutes, { db, catalog, currentUser });
      await api.register(reviewRoutes, { db, currentUser });
      await api.register(catalogAdminRoutes, { catalogAdmin, currentUser });
      await api.register(adminRoutes, { stats: createStatsRepository(db), currentUser });
      await api.register(analyticsRoutes, { analytics: createAnalyticsRepository(db), currentUser });
      await api.register(healthRoutes, {
        readiness: createReadiness({ db, redis: counters.redis, stopping }),
      });
      if (stripe && config.STRIPE_WEBHOOK_SECRET) {
        await api.register(stripeWebhookRoutes, { stripe, secret: config.STRIPE_WEBHOOK_SECRET });
      }
    },
    { prefix: '/api' },
  );

  await registerUploads(app, imageStorage);

  await app.register(seoRoutes, { seo: createSeoRepository(db), publicUrl });
  await registerWebApp(app, {
    distDir: config.webDistDir,
    pages: createPageHeads(catalog, publicUrl, createRouteChunks(config.webDistDir)),
    publicUrl,
    pageCache: catalogCache,
  });
  return app;
}
