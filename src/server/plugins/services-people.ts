import { createAccountErasure } from '../auth/account-erasure.js';
import type { Auth } from '../auth/auth-instance.js';
import type { AuthRepository } from '../auth/auth-repository.js';
import type { AuditWriter } from '../audit/audit-writer.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { EventConsumer } from '../events/domain-events.js';
import type { Mailer } from '../mail/mailer.js';
import { createAccountRepository } from '../modules/accounts/repository.js';
import { createAddressRepository } from '../modules/addresses/repository.js';
import { createAddressService } from '../modules/addresses/service.js';
import { createCartRepository } from '../modules/carts/repository.js';
import { createCartService } from '../modules/carts/service.js';
import type { CatalogRepository } from '../modules/catalog/repository.js';
import type { CatalogService } from '../modules/catalog/service.js';
import { createFavoriteAlertRepository } from '../modules/favorites/alerts/repository.js';
import { createFavoriteRepository } from '../modules/favorites/repository.js';
import { createFavoriteService } from '../modules/favorites/service.js';
import type { createMailRepository } from '../modules/mail/repository.js';
import { createMailService } from '../modules/mail/service.js';
import type { createOrdersReadModel } from '../modules/orders/repository.js';
import { createPasskeyRepository } from '../modules/passkeys/repository.js';
import { createPasskeyService } from '../modules/passkeys/service.js';
import { createYourDataRepository } from '../modules/your-data/repository.js';
import { createYourDataService } from '../modules/your-data/service.js';

/**
 * What the shop keeps of a person (services.ts's people group): passkeys, favorites, addresses, the
 * saved cart, the contact mail and the data download. The account deletion (docs/your-data.md): the
 * accounts module closes the account and records account.deleted in one transaction; then each owner
 * erases its own part of the person, through the consumers answered here, in this order.
 */
export function wirePeople(options: {
  config: Config;
  db: Database;
  auth: Auth;
  identities: AuthRepository;
  audit: AuditWriter;
  catalog: CatalogService;
  catalogRepository: CatalogRepository;
  orderReads: ReturnType<typeof createOrdersReadModel>;
  mailRepository: ReturnType<typeof createMailRepository>;
  mailer: Mailer;
  publicUrl: string;
  /** The cart reminders of an account, for the data download (modules/cart-reminders, wired later). */
  cartRemindersOf: (userId: string) => Promise<unknown>;
  /** The entries to drops of an account, for the data download (modules/drops, wired later). */
  dropEntriesOf: (userId: string) => Promise<unknown[]>;
  /** The erasures of the other groups, handed over between this group's own. */
  erasures: { restock: EventConsumer; checkout: EventConsumer };
}) {
  const { config, db, auth, identities, audit, catalog, catalogRepository, orderReads, mailer, publicUrl } =
    options;
  const adminEmail = config.ADMIN_EMAIL;
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
  // Favorite alerts' switch and changes (services.ts builds their service, with the job queue).
  const favoriteAlerts = createFavoriteAlertRepository(db);
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
    repository: options.mailRepository,
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
    cartRemindersOf: options.cartRemindersOf,
    dropEntriesOf: options.dropEntriesOf,
    favoriteAlertsOf: favoriteAlerts.exportOf,
    closeAccount: profiles.close,
    mailer,
    publicUrl,
  });
  const consumers: EventConsumer[] = [
    createAccountErasure(identities),
    passkeys.erasure,
    favorites.erasure,
    addresses.erasure,
    carts.erasure,
    carts.afterPaid,
    options.erasures.restock,
    mail.erasure,
    options.erasures.checkout,
    yourData.confirmation,
  ];
  return { profiles, passkeys, favorites, favoriteAlerts, addresses, carts, mail, yourData, consumers };
}
