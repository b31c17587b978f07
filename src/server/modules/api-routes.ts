import type { FastifyPluginAsync } from 'fastify';
import { refuseNulCharacters } from '../http/nul-characters.js';
import { refuseCrossSiteWrites } from '../http/same-origin.js';
import type { Services } from '../plugins/services.js';
import { accountRoutes } from './accounts/routes.js';
import { addressRoutes } from './addresses/routes.js';
import { cartRoutes } from './carts/routes.js';
import { cartReminderAdminRoutes, cartReminderRoutes } from './cart-reminders/routes.js';
import { adminRoutes } from './admin/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { catalogAdminRoutes } from './catalog-admin/routes.js';
import { catalogueImportRoutes } from './catalog-admin/import/routes.js';
import { exportRoutes } from './exports/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { recommendationsRoutes } from './recommendations/routes.js';
import { checkoutRoutes } from './checkout/routes.js';
import { orderDocumentRoutes } from './orders/document-routes.js';
import { orderRoutes } from './orders/routes.js';
import { discountRoutes } from './discounts/routes.js';
import { dropAdminRoutes, dropRoutes } from './drops/routes.js';
import { fulfilmentRoutes } from './fulfilment/routes.js';
import { returnRoutes } from './returns/routes.js';
import { favoriteAlertRoutes } from './favorites/alerts/routes.js';
import { favoriteRoutes } from './favorites/routes.js';
import { galleryRoutes } from './catalog-admin/gallery/routes.js';
import { bulkEditRoutes } from './catalog-admin/bulk/routes.js';
import { healthRoutes } from './health/routes.js';
import { mailRoutes } from './mail/routes.js';
import { restockRoutes } from './restock/routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { twoFactorRoutes } from './two-factor/routes.js';
import { passkeyRoutes } from './passkeys/routes.js';
import { yourDataRoutes } from './your-data/routes.js';
import { paymentRoutes } from './payments/routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { salesTaxRoutes } from './sales-tax/routes.js';
import { shippingMethodRoutes } from './shipping-methods/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { userRoutes } from './users/routes.js';

/**
 * The REST API: every module's routes, registered under `/api` (app.ts), behind the API's own
 * checks: a browser's write must come from the shop's pages, and no text may carry a NUL character.
 * `/uploads/`, robots.txt, the sitemaps and the pages are served beside it (app.ts).
 */
export const apiRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { currentUser } = services;
  api.addHook('onRequest', refuseCrossSiteWrites(services.publicUrl));
  api.addHook('preValidation', refuseNulCharacters);

  await api.register(catalogRoutes, { catalog: services.catalog, cache: services.catalogCache });
  await api.register(recommendationsRoutes, {
    recommendations: services.recommendations,
    cache: services.catalogCache,
  });
  await api.register(mailRoutes, { mail: services.mail });
  await api.register(restockRoutes, { restock: services.restock });
  await api.register(authRoutes, { auth: services.auth, publicUrl: services.publicUrl });
  await api.register(accountRoutes, {
    accounts: services.accounts,
    currentUser,
    googleEnabled: services.googleEnabled,
    attempts: services.attempts,
  });
  await api.register(twoFactorRoutes, {
    twoFactor: services.twoFactor,
    currentUser,
    attempts: services.attempts,
  });
  await api.register(passkeyRoutes, {
    passkeys: services.passkeys,
    currentUser,
    attempts: services.attempts,
  });
  await api.register(sessionRoutes, { sessions: services.sessions, currentUser });
  await api.register(addressRoutes, { addresses: services.addresses, currentUser });
  await api.register(cartRoutes, { carts: services.carts, currentUser });
  await api.register(cartReminderRoutes, { reminders: services.cartReminders, currentUser });
  await api.register(yourDataRoutes, {
    yourData: services.yourData,
    currentUser,
    attempts: services.attempts,
  });
  await api.register(userRoutes, { users: services.users, currentUser });
  await api.register(paymentRoutes, {
    payments: services.payments,
    currentUser,
    settleRefund: services.fulfilment.settleRefund,
  });
  await api.register(checkoutRoutes, { checkout: services.checkout, currentUser });
  await api.register(dropRoutes, { drops: services.drops, waitingRoom: services.waitingRoom, currentUser });
  await api.register(orderRoutes, { orders: services.orders, currentUser });
  await api.register(orderDocumentRoutes, { documents: services.orderDocuments, currentUser });
  await api.register(fulfilmentRoutes, { fulfilment: services.fulfilment, currentUser });
  await api.register(returnRoutes, { returns: services.returns, currentUser });
  await api.register(favoriteRoutes, { favorites: services.favorites, currentUser });
  await api.register(favoriteAlertRoutes, { alerts: services.favoriteAlerts, currentUser });
  await api.register(reviewRoutes, { reviews: services.reviews, currentUser, cache: services.catalogCache });
  await api.register(catalogAdminRoutes, { catalogAdmin: services.catalogAdmin, currentUser });
  await api.register(catalogueImportRoutes, { imports: services.catalogueImport, currentUser });
  await api.register(exportRoutes, { exports: services.exports, currentUser });
  await api.register(adminRoutes, { admin: services.admin, currentUser });
  await api.register(auditRoutes, { audit: services.audit, currentUser });
  await api.register(galleryRoutes, { gallery: services.gallery, currentUser });
  await api.register(bulkEditRoutes, { bulkEdit: services.bulkEdit, currentUser });
  await api.register(discountRoutes, { discounts: services.discounts, currentUser });
  await api.register(dropAdminRoutes, { drops: services.drops, currentUser });
  await api.register(cartReminderAdminRoutes, { reminders: services.cartReminders, currentUser });
  await api.register(shippingMethodRoutes, { shippingMethods: services.shippingMethods, currentUser });
  await api.register(salesTaxRoutes, { salesTax: services.salesTax, currentUser });
  await api.register(webhookRoutes, { webhooks: services.webhooks, currentUser });
  await api.register(analyticsRoutes, { analytics: services.analytics });
  await api.register(healthRoutes, { readiness: services.readiness });
};
