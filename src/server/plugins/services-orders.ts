import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { EventConsumer } from '../events/domain-events.js';
import type { Mailer } from '../mail/mailer.js';
import type { serviceHooksOf } from '../metrics/service-hooks.js';
import {
  createOrdersRepository,
  type CheckoutStep,
  type OrderTransaction,
} from '../modules/checkout/orders-repository.js';
import { createCheckoutService } from '../modules/checkout/service.js';
import { createDiscountsRepository } from '../modules/discounts/repository.js';
import { createFulfilmentRepository } from '../modules/fulfilment/repository.js';
import { createFulfilmentService } from '../modules/fulfilment/service.js';
import { createOrderMails } from '../modules/orders/order-mails.js';
import { createOrdersReadModel } from '../modules/orders/repository.js';
import { createRestockRepository } from '../modules/restock/repository.js';
import { createRestockService } from '../modules/restock/service.js';
import { createReturnsRepository } from '../modules/returns/repository.js';
import { createReturnsService } from '../modules/returns/service.js';
import { createSalesTaxRepository } from '../modules/sales-tax/repository.js';
import { createSalesTaxService } from '../modules/sales-tax/service.js';
import { createShippingMethodsRepository } from '../modules/shipping-methods/repository.js';
import { createShippingMethodsService } from '../modules/shipping-methods/service.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { inSpan } from '../tracing/spans.js';

/**
 * The orders (services.ts's orders group): the checkout with its codes, shipping and tax, what
 * follows the payment (fulfilment, refunds, returns), the restock mails, and the consumers that
 * mail the buyer and follow refunds, in the order they are handed events.
 */
export function wireOrders(options: {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
  measure: ReturnType<typeof serviceHooksOf>;
  mailer: Mailer;
  publicUrl: string;
  /** The drops' gate (modules/drops), asked at each checkout once the drops are made. */
  inDrop: (shoeIds: string[]) => Promise<string | undefined>;
}) {
  const { config, database, db, log, payments, measure, mailer, publicUrl } = options;
  const restock = createRestockService({ repository: createRestockRepository(db), mailer, publicUrl });
  const discountsRepository = createDiscountsRepository(db);
  const orderReads = createOrdersReadModel(db);
  const checkoutOrders = createOrdersRepository(db, discountsRepository);
  const orders = {
    ...checkoutOrders,
    // Each of the checkout's short transactions in a span named by its step (checkout.reserve,
    // checkout.confirm...), pg's query spans inside (a no-op unless tracing is on).
    transaction: <T>(work: (tx: OrderTransaction) => Promise<T>, step: CheckoutStep = 'settle') =>
      inSpan(`checkout.${step}`, {}, () => checkoutOrders.transaction(work, step)),
    find: orderReads.find,
    findByKey: orderReads.findByKey,
  };
  const shippingMethods = createShippingMethodsService(createShippingMethodsRepository(db));
  const salesTax = createSalesTaxService(createSalesTaxRepository(db));
  const checkout = createCheckoutService({
    db,
    payments,
    orders,
    singleInstance: database.kind === 'pglite',
    log,
    codes: discountsRepository,
    delivery: {
      shippingMethods: shippingMethods.offered,
      taxRate: salesTax.rateFor,
    },
    metrics: measure.checkout,
    inDrop: options.inDrop,
  });
  const fulfilment = createFulfilmentService({
    repository: createFulfilmentRepository(db),
    findOrder: orderReads.find,
    payments,
    metrics: measure.refunds,
  });
  const returns = createReturnsService({
    repository: createReturnsRepository(db),
    findOrder: orderReads.find,
    sendRefund: fulfilment.sendRefund,
  });
  const consumers: EventConsumer[] = [
    createOrderMails({
      orders: orderReads,
      mailer,
      publicUrl,
      returnAddress: config.RETURN_ADDRESS?.replaceAll('\\n', '\n'),
    }),
    restock.consumer,
    returns.consumer,
  ];
  return {
    restock,
    discountsRepository,
    orderReads,
    shippingMethods,
    salesTax,
    checkout,
    fulfilment,
    returns,
    consumers,
  };
}
