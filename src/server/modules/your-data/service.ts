import crypto from 'node:crypto';
import type { User } from '../../../domain/account.js';
import { SHOP_NAME } from '../../../domain/constants.js';
import { MESSAGES } from '../../../domain/messages.js';
import { buyerViewOf, type Order } from '../../../domain/payment.js';
import { HttpError } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
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
  mailer: Mailer;
  log: { warn(object: unknown, message: string): void };
}) {
  const { repository, ordersOf, mailer, log } = deps;

  return {
    async export(user: User) {
      const [holdings, orders] = await Promise.all([
        repository.holdings(user._id, user.email),
        ordersOf(user._id).then((orders) => orders.map(buyerViewOf)),
      ]);
      return { shop: SHOP_NAME, exportedAt: new Date().toISOString(), ...holdings, orders };
    },

    async deleteAccount(user: User, password: string): Promise<{ message: string }> {
      if (user.role === 'admin') throw new HttpError(403, 'administrator', MESSAGES.yourData.administrator);
      const hash = await repository.passwordHashOf(user._id);
      if (!hash) throw new HttpError(400, 'no_password', MESSAGES.yourData.noPassword);
      if (!(await verifyPassword({ hash, password }))) {
        throw wrongPassword();
      }
      await repository.erase(user._id, user.email, erasedEmail(user._id));
      try {
        await mailer.send({
          to: user.email,
          subject: `Your ${SHOP_NAME} account was deleted`,
          text:
            'As you asked, your account is deleted: you are signed out everywhere, and your profile, ' +
            'favorites and subscriptions are gone. Your orders are kept for our accounts, without your ' +
            'address, and your reviews stay without your name.\n\nThank you for shopping with us.',
        });
      } catch (error) {
        log.warn({ err: error }, 'the mail confirming an account deletion could not be sent');
      }
      return { message: MESSAGES.yourData.deleted };
    },
  };
}

export type YourDataService = ReturnType<typeof createYourDataService>;
