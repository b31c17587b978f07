import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogUrls } from '../domain/catalog-urls.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerErrorHandler } from './http/errors.js';
import { setUpMetrics } from './metrics/register-metrics.js';
import { trackInFlight } from './http/in-flight.js';
import { echoRequestId } from './http/request-id.js';
import { apiRoutes } from './modules/api-routes.js';
import { CACHE_TAGS } from './cache/cache-tags.js';
import { seoRoutes } from './modules/seo/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { registerCompression } from './plugins/compression.js';
import { registerMultipart } from './plugins/multipart.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurity } from './plugins/security.js';
import { serverOptionsOf } from './plugins/server-options.js';
import { createServices } from './plugins/services.js';
import { registerApiDocs } from './plugins/swagger.js';
import { createImageStorage, type ImageStorage } from './storage/image-storage.js';
import { createPageHeads } from './web/page-heads.js';
import { createRouteChunks } from './web/route-chunks.js';
import type { Tracing } from './tracing/start-tracing.js';
import { loadPageShell } from './web/page-shell.js';
import { registerWebApp } from './web/web-app.js';

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
  /** OpenTelemetry, when main.ts started it (OTEL_EXPORTER_OTLP_ENDPOINT): request and validation spans. */
  tracing?: Tracing;
  /** What time it is for the cart reminders: tests move it (the machine's clock otherwise). */
  clock?: { now(): Date };
}

/**
 * The whole shop as one Fastify instance: tests call this and use `inject()`. The external
 * plugins (plugins/), the services built once (plugins/services.ts), the API under /api
 * (modules/api-routes.ts), then images, robots.txt and sitemaps, and the pages.
 */
export async function buildApp({
  config,
  database,
  logger = true,
  bootstrapAdmin = false,
  logStream,
  stopping,
  imageStorage = createImageStorage(config),
  tracing,
  clock,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptionsOf(config, { logger, logStream })).withTypeProvider<ZodTypeProvider>();
  // First, so that the request's span is open before any other hook runs (tracing/sdk.ts).
  if (tracing) await tracing.register(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('handlersIdle', trackInFlight(app).idle);
  app.addHook('onRequest', echoRequestId);

  // The pages' shell, read once: the CSP allows the inline capture it carries by its hash.
  const shell = loadPageShell(config.webDistDir);
  await registerSecurity(app, config, shell?.scriptHashes ?? []);
  await registerCompression(app);
  await registerApiDocs(app);
  const counters = await registerRateLimit(app, config);
  await registerMultipart(app);
  // Prometheus metrics when METRICS_PORT or METRICS_TOKEN is set: the request hook and /metrics.
  const metrics = setUpMetrics(app, config);

  const services = await createServices({
    config,
    database,
    imageStorage,
    counters,
    log: app.log,
    stopping,
    bootstrapAdmin,
    metrics,
    clock,
  });
  // Catalogue answers and pages are cached until a change's event drops them (docs/decisions/018);
  // on PostgreSQL every instance hears of it.
  services.catalogCaching.register(app);
  // What a crash left in the outbox is handed over at start, then swept every few seconds.
  app.decorate('domainEvents', services.events);
  app.addHook('onReady', async () => services.events.start());
  app.addHook('onClose', async () => services.events.stop());
  // Payments left unconfirmed (provider unreachable, a crash mid-checkout) are settled in the background.
  app.addHook('onReady', async () => services.checkout.startReconciler());
  app.addHook('onClose', async () => services.checkout.stopReconciler());
  // Durable jobs (an import): what a stopped instance left is taken up again (docs/decisions/023).
  app.addHook('onReady', async () => services.jobRunner.start());
  app.addHook('onClose', async () => services.jobRunner.stop());
  // Cart reminders (docs/decisions/029): a scan job queued every CART_REMINDER_SCAN_EVERY.
  app.decorate('cartReminders', services.cartReminders);
  app.addHook('onReady', async () => services.cartReminders.start());
  app.addHook('onClose', async () => services.cartReminders.stop());
  // Webhook deliveries (docs/decisions/024): their own loop, a few at a time.
  app.decorate('webhookDeliveries', services.webhookWorker);
  app.addHook('onReady', async () => services.webhookWorker.start());
  app.addHook('onClose', async () => services.webhookWorker.stop());

  await app.register(apiRoutes, { prefix: '/api', services });
  await app.register(uploadRoutes, { storage: imageStorage, uploads: services.uploads });
  await app.register(seoRoutes, { seo: services.seo, publicUrl: services.publicUrl });
  await registerWebApp(app, {
    distDir: config.webDistDir,
    shell,
    pages: createPageHeads(
      (id) =>
        services.catalogCache.value(catalogUrls.shoe(id), () => services.catalog.getShoe(id), [
          CACHE_TAGS.shoe(id),
        ]),
      services.publicUrl,
      createRouteChunks(config.webDistDir),
    ),
    publicUrl: services.publicUrl,
    pageCache: services.catalogCache,
  });
  return app;
}
