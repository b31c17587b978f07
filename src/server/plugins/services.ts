// The shop's composition root: each repository, service and event consumer is built once, in the order
// their dependencies need. The groups with many parts are wired in the files beside it (services-identity,
// -payments, -orders, -people, -jobs), each answering what it built and its event consumers, which are
// handed events in the order they are pushed here.
import type { FastifyBaseLogger } from 'fastify';
import { createCatalogCaching } from '../cache/catalog-caching.js';
import { durationMs, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createMailer } from '../mail/mailer.js';
import { createAccountService } from '../modules/accounts/service.js';
import { createAdminRepository } from '../modules/admin/repository.js';
import { createAdminService } from '../modules/admin/service.js';
import { createAnalyticsRepository } from '../modules/analytics/repository.js';
import { createAnalyticsService } from '../modules/analytics/service.js';
import type { EventConsumer } from '../events/domain-events.js';
import { createEventDispatcher } from '../events/dispatcher.js';
import { createOutboxRepository } from '../events/outbox-repository.js';
import { createCatalogRepository } from '../modules/catalog/repository.js';
import { createCatalogService } from '../modules/catalog/service.js';
import { createRecommendationsRepository } from '../modules/recommendations/repository.js';
import { createRecommendationsService } from '../modules/recommendations/service.js';
import { createCatalogAdminRepository } from '../modules/catalog-admin/repository.js';
import { createCatalogAdminService } from '../modules/catalog-admin/service.js';
import { createGalleryRepository } from '../modules/catalog-admin/gallery/repository.js';
import { createExportsRepository } from '../modules/exports/repository.js';
import { createExportsService } from '../modules/exports/service.js';
import { createGalleryService } from '../modules/catalog-admin/gallery/service.js';
import { createBulkEditRepository } from '../modules/catalog-admin/bulk/repository.js';
import { createBulkEditService } from '../modules/catalog-admin/bulk/service.js';
import { createAuditRepository } from '../modules/audit/repository.js';
import { createAuditWriter } from '../audit/audit-writer.js';
import { createSessionRepository } from '../modules/sessions/repository.js';
import { createSessionService } from '../modules/sessions/service.js';
import { createTwoFactorRepository } from '../modules/two-factor/repository.js';
import { createTwoFactorService } from '../modules/two-factor/service.js';
import { createDiscountsService } from '../modules/discounts/service.js';
import { createOrdersService } from '../modules/orders/service.js';
import { createOrderDocuments } from '../modules/orders/documents.js';
import { createHealthRepository } from '../modules/health/repository.js';
import { createReadiness } from '../modules/health/service.js';
import { createMailRepository } from '../modules/mail/repository.js';
import { createPaymentService } from '../modules/payments/service.js';
import { createReviewRepository } from '../modules/reviews/repository.js';
import { createReviewService } from '../modules/reviews/service.js';
import { createSeoRepository } from '../modules/seo/repository.js';
import { createUploadService } from '../modules/uploads/service.js';
import { createUserRepository } from '../modules/users/repository.js';
import { createUserService } from '../modules/users/service.js';
import { createWebhooks } from '../modules/webhooks/webhooks.js';
import { setLowStockThreshold } from '../stock/stock-writer.js';
import type { SharedCounters } from '../redis/shared-counters.js';
import { createBacklogRepository } from '../metrics/backlog-repository.js';
import { watchDatabase } from '../metrics/database-gauges.js';
import { serviceHooksOf } from '../metrics/service-hooks.js';
import type { ShopMetrics } from '../metrics/shop-metrics.js';
import type { ImageStorage } from '../storage/image-storage.js';
import { wireIdentity } from './services-identity.js';
import { wireJobs } from './services-jobs.js';
import { wireCartReminders } from './services-reminders.js';
import { FAVORITE_ALERT_JOB, createFavoriteAlertService } from '../modules/favorites/alerts/service.js';
import { SCAN_JOB } from '../modules/cart-reminders/service.js';
import { wireOrders } from './services-orders.js';
import { wireDrops } from './services-drops.js';
import { DRAW_JOB } from '../modules/drops/service.js';
import { SETTLE_JOB } from '../modules/drops/settle-job.js';
import { wirePayments } from './services-payments.js';
import { wirePeople } from './services-people.js';

export interface ServicesOptions {
  config: Config;
  database: DatabaseHandle;
  imageStorage: ImageStorage;
  counters: SharedCounters;
  log: FastifyBaseLogger;
  stopping?: AbortSignal;
  /** Create the administrator account when missing. */
  bootstrapAdmin: boolean;
  /** Prometheus metrics, when they are on (metrics/register-metrics.ts). */
  metrics?: ShopMetrics;
  /** What time it is for the cart reminders (tests move it; the machine's clock otherwise). */
  clock?: { now(): Date };
}

/**
 * Every repository and service of the shop, built once from the configuration; the routes get
 * them from here (modules/api-routes.ts, app.ts). Only repositories are handed the database (the
 * checkout service builds its attempts repository itself; the cache sync LISTENs on the pool).
 */
export async function createServices(options: ServicesOptions) {
  const { config, database, imageStorage, counters, log, stopping, metrics } = options;
  const measure = serviceHooksOf(metrics);
  // Repositories write through the dispatcher's database: a transaction's events are handed over
  // once it commits (docs/decisions/017). The catalogue cache, its first consumer, comes first
  // (cache/catalog-caching.ts, docs/decisions/018).
  const raw = database.db;
  const catalogCaching = createCatalogCaching({
    ttlMs: config.CATALOG_CACHE_TTL_MS,
    pool: database.pool,
    log,
    onLookup: measure.cacheLookup,
  });
  const catalogCache = catalogCaching.cache;
  // Filled below as the modules that consume events are built; read at each dispatch.
  const consumers: EventConsumer[] = [catalogCaching.consumer];
  const events = createEventDispatcher({ db: raw, outbox: createOutboxRepository(raw), consumers, log });
  // The pool and the queues' backlogs, read at each scrape (metrics/database-gauges.ts).
  if (metrics) {
    const backlogs = createBacklogRepository(raw);
    watchDatabase(metrics, { pool: database.pool, backlogs });
  }
  const db = events.database;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const adminEmail = config.ADMIN_EMAIL;
  const images = imageStorage.store;

  const mailRepository = createMailRepository(db);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outbox: mailRepository.outbox,
    log,
  });

  const { secret, identities, auth, emailConfirmation, currentUser, googleEnabled } = await wireIdentity({
    config,
    database,
    db,
    mailer,
    publicUrl,
    log,
    bootstrapAdmin: options.bootstrapAdmin,
  });

  const catalogRepository = createCatalogRepository(db, catalogCache.rememberCount, database.pglite);
  const catalog = createCatalogService(catalogRepository);
  consumers.push(catalog.facetCountsConsumer);
  // "You may also like" (docs/decisions/029): counts the shoes of each paid order after its commit.
  const recommendations = createRecommendationsService({
    repository: createRecommendationsRepository(db),
    shoes: catalog,
  });
  consumers.push(recommendations.consumer);

  const { stripe, provider: payments } = await wirePayments({ config, secret, metrics });
  const audit = createAuditWriter(db);
  const orders = wireOrders({
    config,
    database,
    db,
    log,
    payments,
    measure,
    mailer,
    publicUrl,
    // The drops are made once the job runner is (below); a checkout asks them at each request.
    inDrop: (shoeIds) => drops.service.inDrop(shoeIds),
  });
  const { restock, orderReads, checkout } = orders;
  consumers.push(...orders.consumers);

  // Webhooks (docs/decisions/024): deliveries queued from the orders and shoes as they are then.
  setLowStockThreshold(config.LOW_STOCK_THRESHOLD);
  const webhooks = createWebhooks({
    db,
    sessionSecret: secret,
    readers: { order: async (id) => (await orderReads.find(id))?.order, shoe: catalogRepository.findShoe },
    settings: config,
    log,
  });
  consumers.push(webhooks.consumer);

  const people = wirePeople({
    // Called at a download, once the reminders below are made.
    cartRemindersOf: (userId) => reminders.service.exportOf(userId),
    dropEntriesOf: (userId) => drops.service.exportOf(userId),
    config,
    db,
    auth,
    identities,
    audit,
    catalog,
    catalogRepository,
    orderReads,
    mailRepository,
    mailer,
    publicUrl,
    erasures: { restock: restock.erasure, checkout: checkout.erasure },
  });
  consumers.push(...people.consumers);

  // The cart reminders' scan is a durable job (docs/decisions/029); its service is made once the runner is.
  const { jobRunner, jobStore, catalogueImport } = wireJobs({
    db,
    images,
    log,
    handlers: {
      [SCAN_JOB]: (job, context) => reminders.service.handler(job, context),
      [FAVORITE_ALERT_JOB]: (job) => favoriteAlerts.digest(job),
      [DRAW_JOB]: (job, context) => drops.drawJob(job, context),
      [SETTLE_JOB]: (job, context) => drops.settleJob(job, context),
    },
  });
  // Drops (issue 36, docs/decisions/032): the draw charges its winners through the checkout.
  const drops = wireDrops({
    db,
    payments,
    jobs: jobStore,
    kick: () => void jobRunner.kick(),
    checkout,
    offersShipping: async (methodId) =>
      (await orders.shippingMethods.offered()).some((method) => method.id === methodId),
    identities,
    adminEmail,
    mailer,
    publicUrl,
    secret,
  });
  consumers.push(...drops.consumers);
  // Before the catalogue cache: a page rendered once the cache is emptied must not read drops kept from before.
  consumers.unshift(drops.storefrontConsumer);
  // Favorite alerts (issue 35 item 3, docs/decisions/028): changes found from shoe.updated, mailed by a digest job.
  const favoriteAlerts = createFavoriteAlertService({
    repository: people.favoriteAlerts,
    jobs: jobStore,
    kick: () => void jobRunner.kick(),
    mailer,
    publicUrl,
    secret,
    windowMs: durationMs(config.FAVORITE_ALERT_WINDOW),
  });
  consumers.push(favoriteAlerts.consumer, favoriteAlerts.erasure);
  const reminders = wireCartReminders({
    config,
    db,
    mailer,
    publicUrl,
    secret,
    clock: options.clock ?? { now: () => new Date() },
    jobs: jobStore,
    kick: () => jobRunner.kick(),
    carts: people.carts,
    discounts: orders.discountsRepository,
    log,
  });
  // After modules/carts' order.paid consumer (people's): the paid cart's id is recorded by then.
  consumers.push(...reminders.consumers);

  return {
    publicUrl,
    currentUser,
    jobRunner,
    catalogueImport,
    cartReminders: reminders.service,
    catalogCache,
    catalogCaching,
    events,
    auth,
    accounts: createAccountService({
      auth,
      emailConfirmation,
      identities,
      profiles: people.profiles,
      images,
      adminEmail,
      audit,
    }),
    twoFactor: createTwoFactorService({
      auth,
      identities,
      repository: createTwoFactorRepository(db),
      audit,
      adminEmail,
      secret,
    }),
    passkeys: people.passkeys,
    googleEnabled,
    attempts: counters.attempts,
    users: createUserService({ users: createUserRepository(db), adminEmail }),
    catalog,
    recommendations,
    discounts: createDiscountsService(orders.discountsRepository),
    shippingMethods: orders.shippingMethods,
    salesTax: orders.salesTax,
    webhooks: webhooks.service,
    webhookWorker: webhooks.worker,
    fulfilment: orders.fulfilment,
    returns: orders.returns,
    catalogAdmin: createCatalogAdminService({
      repository: createCatalogAdminRepository(db),
      catalog: catalogRepository,
      images,
    }),
    gallery: createGalleryService({ repository: createGalleryRepository(db), images }),
    // Its search is the shoes table's: the catalogue's name search, passed in.
    bulkEdit: createBulkEditService({ repository: createBulkEditRepository(db), catalog: catalogRepository }),
    restock,
    audit: createAuditRepository(db),
    sessions: createSessionService(createSessionRepository(db), identities),
    yourData: people.yourData,
    favorites: people.favorites,
    favoriteAlerts,
    addresses: people.addresses,
    carts: people.carts,
    reviews: createReviewService({ reviews: createReviewRepository(db), shoes: catalogRepository }),
    mail: people.mail,
    payments: createPaymentService({
      provider: payments,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhook:
        stripe && config.STRIPE_WEBHOOK_SECRET ? { stripe, secret: config.STRIPE_WEBHOOK_SECRET } : undefined,
    }),
    checkout,
    drops: drops.service,
    waitingRoom: drops.waitingRoom,
    orders: createOrdersService(orderReads),
    orderDocuments: createOrderDocuments({
      orders: createOrdersService(orderReads),
      shop: {
        name: config.SHOP_NAME,
        addressLines:
          config.SHOP_ADDRESS?.split('\\n')
            .map((line) => line.trim())
            .filter(Boolean) ?? [],
      },
    }),
    // The catalogue and orders CSVs (issue 33 item 4): read a page at a time, by keyset.
    exports: createExportsService({ repository: createExportsRepository(db) }),
    admin: createAdminService(createAdminRepository(db), restock.mostWanted),
    analytics: createAnalyticsService(createAnalyticsRepository(db)),
    readiness: createReadiness({ database: createHealthRepository(db), redis: counters.redis, stopping }),
    uploads: createUploadService(imageStorage),
    seo: createSeoRepository(db),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
