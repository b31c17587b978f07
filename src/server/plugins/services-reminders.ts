import type { Config } from '../config.js';
import { durationMs } from '../config.js';
import type { Database } from '../db/client.js';
import type { EventConsumer } from '../events/domain-events.js';
import type { JobStore } from '../jobs/job-store.js';
import type { Mailer } from '../mail/mailer.js';
import { createCartReminderRepository } from '../modules/cart-reminders/repository.js';
import { createCartReminderService } from '../modules/cart-reminders/service.js';
import type { CartService } from '../modules/carts/service.js';
import type { DiscountsRepository } from '../modules/discounts/repository.js';

/**
 * Abandoned-cart reminders (issue 35 item 2, docs/decisions/029): the scan is a durable job (its
 * handler answered here, registered with the runner by services.ts), the restore link merges through
 * the saved cart's merge, the second reminder's code is made by the discounts module. Its consumers:
 * the recovery (after modules/carts emptied the paid cart) and the erasure.
 */
export function wireCartReminders(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  clock: { now(): Date };
  jobs: JobStore;
  kick(): Promise<void>;
  carts: CartService;
  discounts: DiscountsRepository;
  log: { error(object: unknown, message: string): void };
}) {
  const { config, carts, discounts } = options;
  const service = createCartReminderService({
    repository: createCartReminderRepository(options.db),
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    secret: options.secret,
    clock: options.clock,
    afterMs: durationMs(config.CART_REMINDER_AFTER),
    secondAfterMs: durationMs(config.CART_REMINDER_SECOND_AFTER),
    scanEveryMs: durationMs(config.CART_REMINDER_SCAN_EVERY),
    jobs: options.jobs,
    kick: options.kick,
    mergeIntoCart: carts.merge,
    readCart: carts.read,
    createPersonalCode: discounts.createPersonal,
    log: options.log,
  });
  const consumers: EventConsumer[] = [service.recovery, service.erasure];
  return { service, consumers };
}
