// One file because it is the shop's composition root: each repository, service and event consumer is
// built here once, in the order their dependencies need; split, they would be handed between files only to be wired.
import type { FastifyBaseLogger } from 'fastify';
import { createCatalogCaching } from '../cache/catalog-caching.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { withStartupLock } from '../db/migrate.js';
import { createMailer } from '../mail/mailer.js';
import { createAccountRepository } from '../modules/accounts/repository.js';
import { createAddressRepository } from '../modules/addresses/repository.js';
import { createAddressService } from '../modules/addresses/service.js';
import { createCartRepository } from '../modules/carts/repository.js';
import { createCartService } from '../modules/carts/service.js';
import { createAccountService } from '../modules/accounts/service.js';
import { createAdminRepository } from '../modules/admin/repository.js';
import { createAdminService } from '../modules/admin/service.js';
import { createAnalyticsRepository } from '../modules/analytics/repository.js';
import { createAnalyticsService } from '../modules/analytics/service.js';
import { createCurrentUser } from '../auth/current-user.js';
import { createAuthRepository } from '../auth/auth-repository.js';
import { createAuth, ensureAdmin } from '../auth/auth-instance.js';
import { createAccountErasure } from '../auth/account-erasure.js';
import { resolveSessionSecret } from '../auth/session-secret.js';
import type { EventConsumer } from '../events/domain-events.js';
import { createEventDispatcher } from '../events/dispatcher.js';
import { createJobRunner } from '../jobs/job-runner.js';
import { createJobStore } from '../jobs/job-store.js';
import { createImportRepository } from '../modules/catalog-admin/import/repository.js';
import { IMPORT_JOB, createCatalogueImportService } from '../modules/catalog-admin/import/service.js';
import { createOutboxRepository } from '../events/outbox-repository.js';
import { createCatalogRepository } from '../modules/catalog/repository.js';
import { createCatalogService } from '../modules/catalog/service.js';
import { createCatalogAdminRepository } from '../modules/catalog-admin/repository.js';
import { createCatalogAdminService } from '../modules/catalog-admin/service.js';
import { createGalleryRepository } from '../modules/catalog-admin/gallery/repository.js';
import { createExportsRepository } from '../modules/exports/repository.js';
import { createExportsService } from '../modules/exports/service.js';
import { createGalleryService } from '../modules/catalog-admin/gallery/service.js';
import { createBulkEditRepository } from '../modules/catalog-admin/bulk/repository.js';
import { createBulkEditService } from '../modules/catalog-admin/bulk/service.js';
import { createDiscountsRepository } from '../modules/discounts/repository.js';
import { createRestockRepository } from '../modules/restock/repository.js';
import { createRestockService } from '../modules/restock/service.js';
import { createFulfilmentRepository } from '../modules/fulfilment/repository.js';
import { createFulfilmentService } from '../modules/fulfilment/service.js';
import { createOrderMails } from '../modules/orders/order-mails.js';
import { createReturnsRepository } from '../modules/returns/repository.js';
import { createReturnsService } from '../modules/returns/service.js';
import { createAuditRepository } from '../modules/audit/repository.js';
import { createAuditWriter } from '../audit/audit-writer.js';
import { createSessionRepository } from '../modules/sessions/repository.js';
import { createSessionService } from '../modules/sessions/service.js';
import { createTwoFactorRepository } from '../modules/two-factor/repository.js';
import { createPasskeyRepository } from '../modules/passkeys/repository.js';
import { createPasskeyService } from '../modules/passkeys/service.js';
import { createTwoFactorService } from '../modules/two-factor/service.js';
import { createYourDataRepository } from '../modules/your-data/repository.js';
import { createYourDataService } from '../modules/your-data/service.js';
import { createDiscountsService } from '../modules/discounts/service.js';
import { createOrdersRepository, type OrderTransaction } from '../modules/checkout/orders-repository.js';
import { createOrdersReadModel } from '../modules/orders/repository.js';
import { createOrdersService } from '../modules/orders/service.js';
import { createOrderDocuments } from '../modules/orders/documents.js';
import { createCheckoutService } from '../modules/checkout/service.js';
import { createSalesTaxRepository } from '../modules/sales-tax/repository.js';
import { createSalesTaxService } from '../modules/sales-tax/service.js';
import { createShippingMethodsRepository } from '../modules/shipping-methods/repository.js';
import { createShippingMethodsService } from '../modules/shipping-methods/service.js';
import { createFavoriteRepository } from '../modules/favorites/repository.js';
import { createFavoriteService } from '../modules/favorites/service.js';
import { createHealthRepository } from '../modules/health/repository.js';
import { createReadiness } from '../modules/health/service.js';
import { createMailRepository } from '../modules/mail/repository.js';
import { createMailService } from '../modules/mail/service.js';
import { createPaymentService } from '../modules/payments/service.js';
import { createReviewRepository } from '../modules/reviews/repository.js';
import { createReviewService } from '../modules/reviews/service.js';
import { createSeoRepository } from '../modules/seo/repository.js';
import { createUploadService } from '../modules/uploads/service.js';
import { createUserRepository } from '../modules/users/repository.js';
import { createUserService } from '../modules/users/service.js';
import { createWebhooks } from '../modules/webhooks/webhooks.js';
import { setLowStockThreshold } from '../stock/stock-writer.js';
import { createTestPaymentProvider } from '../payments/test-payment-provider.js';
import { tracePaymentProvider } from '../tracing/traced-payment-provider.js';
import { inSpan } from '../tracing/spans.js';
import type { SharedCounters } from '../redis/shared-counters.js';
import { createBacklogRepository } from '../metrics/backlog-repository.js';
import { watchDatabase } from '../metrics/database-gauges.js';
import { serviceHooksOf } from '../metrics/service-hooks.js';
import type { ShopMetrics } from '../metrics/shop-metrics.js';
import { timePaymentProvider } from '../metrics/timed-payment-provider.js';
import type { ImageStorage } from '../storage/image-storage.js';

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

  const google = config.GOOGLE_CLIENT_ID
    ? {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        issuer: config.GOOGLE_ISSUER,
      }
    : undefined;
  const secret = resolveSessionSecret(config.SESSION_SECRET, config.dataDir);
  const identities = createAuthRepository(db);
  const auth = createAuth({ repository: identities, mailer, secret, publicUrl, google });
  if (options.bootstrapAdmin) {
    const admin = { email: adminEmail, password: config.ADMIN_PASSWORD };
    // Under the startup lock: instances starting together must not both find it missing and create it.
    await withStartupLock(database, () => ensureAdmin(auth, identities, admin, (line) => log.warn(line)));
  }
  const currentUser = createCurrentUser({ auth, repository: identities, adminEmail });

  const catalogRepository = createCatalogRepository(db, catalogCache.rememberCount, database.pglite);
  const catalog = createCatalogService(catalogRepository);

  // The Stripe SDK loads only when payments go through Stripe: test mode starts without it.
  const stripeModule =
    config.PAYMENTS === 'stripe' ? await import('../payments/stripe-payment-provider.js') : undefined;
  const stripe = stripeModule?.createStripeClient({
    secretKey: config.STRIPE_SECRET_KEY!,
    apiUrl: config.STRIPE_API_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
  });
  // A span around each of its calls (a no-op unless tracing is on).
  const paymentProvider = tracePaymentProvider(
    stripeModule && stripe
      ? stripeModule.createStripePaymentProvider(stripe)
      : createTestPaymentProvider(secret),
  );
  // Each call timed and refunds counted, when metrics are on.
  const meteredProvider = metrics ? timePaymentProvider(paymentProvider, metrics) : paymentProvider;
  const audit = createAuditWriter(db);
  const restock = createRestockService({ repository: createRestockRepository(db), mailer, publicUrl });
  const discountsRepository = createDiscountsRepository(db);
  const orderReads = createOrdersReadModel(db);
  const checkoutOrders = createOrdersRepository(db, discountsRepository);
  const orders = {
    ...checkoutOrders,
    // The checkout's one transaction in a span of its own, pg's query spans inside (a no-op unless tracing is on).
    transaction: <T>(work: (tx: OrderTransaction) => Promise<T>) =>
      inSpan('checkout.transaction', {}, () => checkoutOrders.transaction(work)),
    find: orderReads.find,
    findByKey: orderReads.findByKey,
  };
  const shippingMethods = createShippingMethodsService(createShippingMethodsRepository(db));
  const salesTax = createSalesTaxService(createSalesTaxRepository(db));
  const checkout = createCheckoutService({
    db,
    payments: meteredProvider,
    orders,
    singleInstance: database.kind === 'pglite',
    log,
    codes: discountsRepository,
    delivery: {
      shippingMethods: shippingMethods.offered,
      taxRate: salesTax.rateFor,
    },
    metrics: measure.checkout,
  });

  const fulfilment = createFulfilmentService({
    repository: createFulfilmentRepository(db),
    findOrder: orderReads.find,
    payments: meteredProvider,
    metrics: measure.refunds,
  });
  const returns = createReturnsService({
    repository: createReturnsRepository(db),
    findOrder: orderReads.find,
    sendRefund: fulfilment.sendRefund,
  });
  consumers.push(
    createOrderMails({
      orders: orderReads,
      mailer,
      publicUrl,
      returnAddress: config.RETURN_ADDRESS?.replaceAll('\\n', '\n'),
    }),
    restock.consumer,
    returns.consumer,
  );

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

  // The account deletion (docs/your-data.md): the accounts module closes the account and records
  // account.deleted in one transaction; then each owner erases its own part of the person.
  const profiles = createAccountRepository(db);
  const passkeys = createPasskeyService({
    auth,
    identities,
    repository: createPasskeyRepository(db),
    audit,
    adminEmail,
  });
  const favorites = createFavoriteService({
    favorites: createFavoriteRepository(db),
    catalog,
    shoes: catalogRepository,
  });
  const addresses = createAddressService({ repository: createAddressRepository(db) });
  // The cart kept on the account (issue 35 item 1): emptied once an order is paid, by the order's buyer.
  const carts = createCartService({
    repository: createCartRepository(db),
    ownerOfPaidOrder: async (orderId) => {
      const found = await orderReads.find(orderId);
      return found && { userId: found.userId, paidAt: new Date(found.order.date) };
    },
    lowStock: config.LOW_STOCK_THRESHOLD,
  });
  const mail = createMailService({
    repository: mailRepository,
    mailer,
    publicUrl,
    contactTo: config.CONTACT_TO ?? adminEmail,
  });
  const yourData = createYourDataService({
    repository: createYourDataRepository(db),
    // Every order: a shopper's download is all of theirs.
    ordersOf: (userId) => orderReads.forUser(userId, 100_000),
    savedAddressesOf: addresses.list,
    savedCartOf: carts.exportOf,
    closeAccount: profiles.close,
    mailer,
    publicUrl,
  });
  consumers.push(
    createAccountErasure(identities),
    passkeys.erasure,
    favorites.erasure,
    addresses.erasure,
    carts.erasure,
    carts.afterPaid,
    restock.erasure,
    mail.erasure,
    checkout.erasure,
    yourData.confirmation,
  );

  // Durable jobs (docs/decisions/023): long work any instance can take up and resume.
  const jobStore = createJobStore(db);
  // The runner calls the import's handler, made next: the import kicks the runner when it queues work.
  const jobRunner = createJobRunner({
    store: jobStore,
    handlers: { [IMPORT_JOB]: (job, context) => catalogueImport.handler(job, context) },
    log,
  });
  const catalogueImport = createCatalogueImportService({
    repository: createImportRepository(db, jobStore),
    jobs: jobStore,
    images,
    kick: () => void jobRunner.kick(),
  });

  return {
    publicUrl,
    currentUser,
    jobRunner,
    catalogueImport,
    catalogCache,
    catalogCaching,
    events,
    auth,
    accounts: createAccountService({
      auth,
      identities,
      profiles,
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
    passkeys,
    googleEnabled: Boolean(google),
    attempts: counters.attempts,
    users: createUserService({ users: createUserRepository(db), adminEmail }),
    catalog,
    discounts: createDiscountsService(discountsRepository),
    shippingMethods,
    salesTax,
    webhooks: webhooks.service,
    webhookWorker: webhooks.worker,
    fulfilment,
    returns,
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
    yourData,
    favorites,
    addresses,
    carts,
    reviews: createReviewService({ reviews: createReviewRepository(db), shoes: catalogRepository }),
    mail,
    payments: createPaymentService({
      provider: meteredProvider,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhook:
        stripe && config.STRIPE_WEBHOOK_SECRET ? { stripe, secret: config.STRIPE_WEBHOOK_SECRET } : undefined,
    }),
    checkout,
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
