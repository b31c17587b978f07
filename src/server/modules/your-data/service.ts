import crypto from 'node:crypto';
import type { User } from '../../../domain/account.js';
import { SHOP_NAME } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import { buyerViewOf, type Order } from '../../../domain/payment.js';
import { HttpError } from '../../http/errors.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { eventMailKey, type Mailer } from '../../mail/mailer.js';
import { accountDeletedMail } from '../../mail/templates/account-mails.js';
import { verifyPassword } from '../../auth/password-hash.js';
import { wrongPassword } from '../../auth/refusals.js';
import type { YourDataRepository } from './repository.js';

/** The address an erased account and its orders keep: unique, and never a mailbox (RFC 2606). */
const erasedEmail = (userId: string) =>
  `erased-${crypto.createHash('sha256').update(userId).digest('hex').slice(0, 16)}@erased.invalid`;

/**
 * A shopper's own data (issue 20): everything the shop holds about them, as one JSON download, and
 * their account deleted once they type their password again. What is kept, and why, is in
 * docs/your-data.md.
 */
export function createYourDataService(deps: {
  repository: YourDataRepository;
  ordersOf: (userId: string) => Promise<Order[]>;
  /** The saved delivery addresses (modules/addresses). */
  savedAddressesOf: (userId: string) => Promise<unknown[]>;
  /** The cart kept on the account (modules/carts), null when none was saved. */
  savedCartOf: (userId: string) => Promise<unknown>;
  /** The cart reminders mailed to the account, and whether it unsubscribed (modules/cart-reminders). */
  cartRemindersOf?: (userId: string) => Promise<unknown>;
  /** The favorite alerts' switch and the changes told (modules/favorites/alerts). */
  favoriteAlertsOf: (userId: string) => Promise<unknown>;
  /** The entries to drops, with where and which card (modules/drops). */
  dropEntriesOf?: (userId: string) => Promise<unknown[]>;
  /**
   * Closes the account and records `account.deleted` in one transaction (modules/accounts, which
   * owns the user row); every owner then erases its part, before this resolves.
   */
  closeAccount: (account: { userId: string; email: string; erasedEmail: string }) => Promise<void>;
  mailer: Mailer;
  /** The shop's public address, for the links of the deletion's mail. */
  publicUrl: string;
}) {
  const {
    repository,
    ordersOf,
    savedAddressesOf,
    savedCartOf,
    favoriteAlertsOf,
    closeAccount,
    mailer,
    publicUrl,
  } = deps;

  return {
    async export(user: User) {
      const [holdings, orders, savedAddresses, savedCart, favoriteAlerts] = await Promise.all([
        repository.holdings(user._id, user.email),
        ordersOf(user._id).then((orders) => orders.map(buyerViewOf)),
        savedAddressesOf(user._id),
        savedCartOf(user._id),
        favoriteAlertsOf(user._id),
      ]);
      return {
        shop: SHOP_NAME,
        exportedAt: new Date().toISOString(),
        cartReminders: (await deps.cartRemindersOf?.(user._id)) ?? null,
        dropEntries: (await deps.dropEntriesOf?.(user._id)) ?? [],
        ...holdings,
        orders,
        savedAddresses,
        savedCart,
        favoriteAlerts,
      };
    },

    async deleteAccount(user: User, password: string): Promise<{ message: string }> {
      if (user.role === 'admin') throw new HttpError(403, 'administrator', MESSAGES.yourData.administrator);
      const hash = await repository.passwordHashOf(user._id);
      if (!hash) throw new HttpError(400, 'no_password', MESSAGES.yourData.noPassword);
      if (!(await verifyPassword({ hash, password }))) {
        throw wrongPassword();
      }
      await closeAccount({ userId: user._id, email: user.email, erasedEmail: erasedEmail(user._id) });
      return { message: MESSAGES.yourData.deleted };
    },

    /**
     * The mail to the old address confirming the deletion, kept under its event: handed over twice,
     * it goes once (and the mail module's erasure of that address spares it).
     */
    confirmation: (async (event) => {
      if (event.type !== 'account.deleted') return;
      await mailer.send(
        { to: event.payload.email, ...(await accountDeletedMail({ publicUrl })) },
        { key: eventMailKey(event) },
      );
    }) satisfies EventConsumer,
  };
}

export type YourDataService = ReturnType<typeof createYourDataService>;
