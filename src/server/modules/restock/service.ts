import crypto from 'node:crypto';
import { isUuid } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { RestockRequest } from '../../../domain/restock.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { EventConsumer } from '../../events/domain-events.js';
import type { Mailer } from '../../mail/mailer.js';
import { restockMail } from '../../mail/templates/shopper-mails.js';
import type { RestockRepository } from './repository.js';

/**
 * "Email me when it's back" (issue 17): a shopper waits for a sold-out size; when pairs come back to
 * it (the staff add stock, a refund puts pairs back), every waiting address is mailed once with a
 * link to the shoe, and its request is used up.
 */
export function createRestockService(deps: {
  repository: RestockRepository;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { repository, mailer, publicUrl } = deps;

  return {
    async wait(request: RestockRequest): Promise<{ message: string }> {
      const stock = isUuid(request.shoeId)
        ? await repository.stockOf(request.shoeId, request.size)
        : undefined;
      if (!stock) {
        const shoeExists = isUuid(request.shoeId) && (await repository.shoeExists(request.shoeId));
        throw notFound(shoeExists ? MESSAGES.restock.notOfShoe : MESSAGES.catalog.shoeNotFound);
      }
      if (stock.quantity > 0) throw new HttpError(409, 'in_stock', MESSAGES.restock.inStock);
      await repository.wait(
        request.email.toLowerCase(),
        request.shoeId,
        request.size,
        crypto.randomBytes(24).toString('base64url'),
      );
      return { message: MESSAGES.restock.waiting(request.size) };
    },

    /**
     * After a write gave sizes pairs (stock.restocked, handed over once it committed): mails whoever
     * waits for a size now in stock, once. Each mail is kept under its request's token before the
     * request is used up, so an event handed over twice, or two restocks at once, mail nobody twice.
     */
    consumer: (async (event) => {
      if (event.type !== 'stock.restocked') return;
      for (const { shoeId, size } of event.payload.sizes) {
        const stock = await repository.stockOf(shoeId, size);
        if (!stock || stock.quantity === 0) continue;
        for (const waiting of await repository.waiting(shoeId, size)) {
          const mail = await restockMail({
            publicUrl,
            shoe: { id: shoeId, name: stock.name },
            size,
          });
          await mailer.send({ to: waiting.email, ...mail }, { key: `restock:${waiting.token}` });
          await repository.useUp(waiting.token);
        }
      }
    }) satisfies EventConsumer,

    /** A deleted account's address waits for nothing more (docs/your-data.md). */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseFor(event.payload.email);
    }) satisfies EventConsumer,

    mostWanted(limit: number) {
      return repository.mostWanted(limit);
    },
  };
}

export type RestockService = ReturnType<typeof createRestockService>;
