import type { Order } from '../../../domain/payment.js';
import type { Mailer } from '../../mail/mailer.js';

export type OrderMail = (order: Order, subject: string, text: string) => Promise<void>;

/**
 * A mail to an order's buyer about it, ending with the link to its page. A mail that fails is
 * logged, not thrown: the change it tells of is recorded and shown on the order page already.
 */
export function createOrderMail(deps: {
  mailer: Mailer;
  publicUrl: string;
  log: { warn(object: unknown, message: string): void };
}): OrderMail {
  const { mailer, publicUrl, log } = deps;
  return async (order, subject, text) => {
    try {
      await mailer.send({
        to: order.email,
        subject,
        text: `${text}\n\nYour order: ${publicUrl}/order/${order.idPayment}`,
      });
    } catch (error) {
      log.warn({ err: error, idPayment: order.idPayment }, 'a mail about an order could not be sent');
    }
  };
}
