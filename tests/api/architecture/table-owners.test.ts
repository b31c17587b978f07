import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../src/server/db/schema.js';

/**
 * Who writes each table (issue 30: one owner per table). Read from the code itself: every
 * `.insert(table)`, `.update(table)` and `.delete(table)` under src/server, and raw SQL's `insert into`,
 * `update` and `delete from` a table's name, its owner being the
 * module (`modules/<name>/`) or the kernel folder (`stock/`, `events/`, `auth/`...) of its file. The
 * demo seed (`db/seed/`) fills an empty database once and is left out.
 *
 * A table with one owner is written nowhere else; adding a writer anywhere fails this test. Tables
 * still written by several are listed as they are today, each with why, to be given one owner. The
 * account deletion writes no one else's table: the accounts module closes the account and records
 * `account.deleted`, and each owner erases its own rows of the person (docs/your-data.md).
 */
const OWNERS: Record<string, readonly string[]> = {
  accounts: ['auth'], // and better-auth, through its adapter (auth/auth-instance.ts)
  auditLog: ['audit'],
  brands: ['catalog-admin'],
  cartLines: ['carts'],
  cartReminderOptOuts: ['cart-reminders'],
  cartReminderSettings: ['cart-reminders'],
  cartReminders: ['cart-reminders'], // claimed per cartId and number by the scan job (docs/decisions/029)
  carts: ['carts'],
  checkoutAttempts: ['checkout'],
  checkoutHolds: ['checkout'], // a checkout's stock and code use while it is charged (decision 031)
  coPurchaseOrders: ['recommendations'], // the orders counted, in the transaction that counts them
  coPurchases: ['recommendations'], // counted from order.paid after commit (docs/decisions/027)
  contactMessages: ['mail'],
  discountCodes: ['discounts'],
  discountRedemptions: ['discounts'],
  domainEvents: ['events'],
  dropEntries: ['drops'], // entered or bought, decided by the draw or the purchase, erased with a deleted account
  dropQueue: ['drops'], // a first-come drop's places (the waiting room)
  dropSizes: ['drops'], // pairs per size, and pairs won in the draw's transaction of each outcome
  drops: ['drops'],
  favorites: ['favorites'],
  favoriteAlertSettings: ['favorites'], // the favorite alerts' switch (modules/favorites/alerts)
  favoriteAlerts: ['favorites'], // each change told, settled by the digest job
  jobFiles: ['jobs'], // an import's uploads, kept with its durable job (jobs/job-store.ts)
  jobs: ['jobs'], // queued by their module, claimed, checkpointed and finished by jobs/job-store.ts alone
  mailOutbox: ['mail'],
  newsletterSubscribers: ['mail'],
  orderEvents: ['order-ledger'], // the order's trail (order-ledger/order-trail.ts), in each change's transaction
  orderLines: ['checkout'],
  orderRefunds: ['order-ledger'], // reserved and settled by order-ledger/refund-writer.ts alone
  orderShipments: ['fulfilment'],
  orders: ['order-ledger'], // recorded (checkout), status (fulfilment), erased (checkout's erasure): order-ledger/order-writer.ts
  pageViews: ['analytics'],
  passkeys: ['passkeys'], // and better-auth, through its adapter
  restockRequests: ['restock'],
  returnRequests: ['returns'], // a refused refund steps its return back through refund.failed
  reviews: ['reviews'],
  savedAddresses: ['addresses'],
  sessions: ['auth'], // better-auth's, and the shop's ends of them: a device, a disabled or deleted account
  shippingMethods: ['shipping-methods'],
  shoeImages: ['catalog-admin'], // the gallery, its first image the shoe's cover (shoes.image), in one transaction
  shoes: ['catalog-admin', 'stock'], // by column: pairs sold move with the stock, under its lock (test below)
  stockEntries: ['stock'],
  taxRates: ['sales-tax'],
  twoFactorUsedCodes: ['two-factor'],
  twoFactors: ['auth'], // and better-auth, through its adapter
  users: ['auth'], // better-auth's, and the shop's changes (auth/user-writer.ts): profile, staff switches, closing
  verifications: ['auth'], // and better-auth, through its adapter
  webhookAttempts: ['webhooks'],
  webhookDeliveries: ['webhooks'], // queued by its consumer, claimed and settled by its worker, through its repository
  webhookEndpoints: ['webhooks'],
};

const SERVER = path.resolve('src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const ownerOf = (file: string) => {
  const [first, second] = path.relative(SERVER, file).split(path.sep);
  return first === 'modules' ? second! : first!;
};

function writersByTable(): Map<string, Set<string>> {
  // The schema's tables (its other exports are types and helpers, never written to).
  const tables = new Set(Object.keys(schema));
  // Raw SQL names a table as the database knows it (`insert into drop_queue`): back to its export.
  const bySqlName = new Map(
    Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name, table]) => [getTableName(table as PgTable), name]),
  );
  const writers = new Map<string, Set<string>>();
  const add = (table: string, file: string) =>
    writers.set(table, (writers.get(table) ?? new Set()).add(ownerOf(file)));
  for (const file of sourceFiles(SERVER)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      if (tables.has(match[1]!)) add(match[1]!, file);
    }
    for (const match of text.matchAll(/\b(?:insert into|update|delete from) "?([a-z_]+)"?\s/g)) {
      const table = bySqlName.get(match[1]!);
      if (table) add(table, file);
    }
  }
  return writers;
}

describe('every table has its owner', () => {
  it('is written only by the modules this list names', () => {
    const found = Object.fromEntries(
      [...writersByTable()].map(([table, owners]) => [table, [...owners].sort()]),
    );
    const declared = Object.fromEntries(
      Object.entries(OWNERS).map(([table, owners]) => [table, [...owners].sort()]),
    );
    expect(found).toEqual(declared);
  });

  it('has one writer for stock, codes, refunds, returns and the order trail: the counts money depends on', () => {
    for (const table of [
      'stockEntries',
      'discountCodes',
      'discountRedemptions',
      'orderRefunds',
      'returnRequests',
      'orderEvents',
    ])
      expect(OWNERS[table], table).toHaveLength(1);
  });

  it('shares shoes by column only: the stock writer counts pairs sold and writes nothing else of a shoe', () => {
    const text = fs.readFileSync(path.join(SERVER, 'stock/stock-writer.ts'), 'utf8');
    const sets = [...text.matchAll(/\.update\(shoes\)([\s\S]*?)\.where\(/g)].map((match) => match[1]!);
    expect(sets.length).toBeGreaterThan(0);
    for (const set of sets) expect(set).toMatch(/^\s*\.set\(\{\s*unitsSold: sql`[^`]*`\s*\}\)\s*$/);
    expect(text).not.toMatch(/\.(insert|delete)\(shoes\)/);
  });

  it('leaves the account deletion to each owner: your-data writes no table', () => {
    const written = [...writersByTable()].filter(([, owners]) => owners.has('your-data'));
    expect(written.map(([table]) => table)).toEqual([]);
  });
});
