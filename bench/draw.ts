/**
 * `npm run bench -- --scenario draw [--entries N]`: a drop's draw of N entries (10,000 unless told) for
 * 50 pairs over five sizes, on PostgreSQL, charged through the checkout with the test processor
 * answering each capture after 300 ms as a real provider does, one card in ten declined. Measures
 * how long the durable job takes from its queueing to the draw's end (every winner charged, every
 * order recorded, the seed revealed), and then until every entrant's outcome mail is kept. Prints;
 * asserts nothing. See docs/performance.md, "Drops".
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { eq, like, sql } from 'drizzle-orm';
import { TEST_CARD_OUTCOMES } from '../src/domain/payment.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import {
  brands,
  dropEntries,
  drops,
  dropSizes,
  mailOutbox,
  shoes,
  stockEntries,
  users,
} from '../src/server/db/schema.js';
import { createJobStore } from '../src/server/jobs/job-store.js';
import { createTestPaymentProvider } from '../src/server/payments/test-payment-provider.js';
import { openBenchDatabase } from './database.js';
import { saveResult } from './results.js';

const SIZES = ['8', '9', '10', '11', '12'];
const PAIRS_PER_SIZE = 10;
const LATENCY_MS = 300;
const card = (number: string, i: number) => ({
  number,
  exp_month: 1 + (i % 12),
  exp_year: new Date().getFullYear() + 2 + (Math.floor(i / 12) % 8),
  cvc: String(1000 + (i % 9000)),
});
const DECLINED = Object.entries(TEST_CARD_OUTCOMES).find(
  ([, outcome]) => outcome === 'insufficient_funds',
)![0];
const PAYS = '4242424242424242';

export async function benchDraw(entries: number): Promise<void> {
  const bench = await openBenchDatabase('postgres');
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    await migrateDatabase(bench.handle);
    const db = bench.handle.db;
    const [brand] = await db.insert(brands).values({ name: 'Drop Bench' }).returning({ id: brands.id });
    const [shoe] = await db
      .insert(shoes)
      .values({
        name: 'Bench Drop High',
        brandId: brand!.id,
        description: 'The benchmark’s limited release.',
        color: 'Black',
        priceCents: 22_000,
        image: '/images/shoe.png',
      })
      .returning({ id: shoes.id });
    await db
      .insert(stockEntries)
      .values(SIZES.map((size) => ({ shoeId: shoe!.id, size, quantity: PAIRS_PER_SIZE })));
    const seed = crypto.randomBytes(32).toString('hex');
    const [drop] = await db
      .insert(drops)
      .values({
        shoeId: shoe!.id,
        mode: 'draw',
        opensAt: new Date(Date.now() - 3_600_000),
        closesAt: new Date(Date.now() - 1_000),
        seed,
        commitment: crypto.createHash('sha256').update(seed).digest('hex'),
      })
      .returning({ id: drops.id });
    await db
      .insert(dropSizes)
      .values(SIZES.map((size) => ({ dropId: drop!.id, size, pairs: PAIRS_PER_SIZE })));

    // The entrants, as the entry form leaves them: a verified account, a saved card, an address each.
    const provider = createTestPaymentProvider(secret);
    const started = Date.now();
    for (let from = 0; from < entries; from += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, entries - from) }, (_, k) => from + k);
      const people = batch.map((i) => ({ id: crypto.randomUUID(), i }));
      await db.insert(users).values(
        people.map(({ id, i }) => ({
          id,
          name: `Entrant ${i}`,
          email: `entrant${i}@drop.bench`,
          emailVerified: true,
        })),
      );
      const rows = [];
      for (const { id, i } of people) {
        const method = await provider.createPaymentMethod(id, {
          card: card(i % 10 === 3 ? DECLINED : PAYS, i),
          billing_details: {
            name: 'Ana Lima',
            state: 'Texas',
            city: 'Austin',
            line1: `${i} Bench Road`,
            postal_code: '73301',
          },
        });
        const saved = await provider.saveCard(id, method.id);
        rows.push({
          dropId: drop!.id,
          userId: id,
          email: `entrant${i}@drop.bench`,
          size: SIZES[i % SIZES.length]!,
          deliveryAddress: {
            name: 'Ana Lima',
            line1: `${i} Bench Road`,
            city: 'Austin',
            state: 'Texas',
            postal_code: '73301',
          },
          addressKey: `${i} bench road|austin|TX|73301`,
          paymentMethodId: method.id,
          cardFingerprint: saved.fingerprint,
          cardLast4: saved.last4,
        });
      }
      await db.insert(dropEntries).values(rows);
    }
    console.log(`Entries: ${entries} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig(
      {},
      {
        DATA_DIR: bench.dataDir,
        DATABASE_URL: bench.url!,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: secret,
        TEST_PAYMENT_LATENCY_MS: LATENCY_MS,
      },
    );
    const app = await buildApp({ config, database: bench.handle, logger: false });
    await app.ready();
    try {
      const queued = Date.now();
      await createJobStore(db).enqueue({ kind: 'drop.draw', payload: { dropId: drop!.id }, createdBy: null });
      const status = async () =>
        (await db.select({ status: drops.status }).from(drops).where(eq(drops.id, drop!.id)))[0]!.status;
      while ((await status()) !== 'drawn') await new Promise((resolve) => setTimeout(resolve, 100));
      const drawnSeconds = (Date.now() - queued) / 1000;
      const mails = async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(mailOutbox)
            .where(like(mailOutbox.key, 'drop-entry:%'))
        )[0]!.n;
      while ((await mails()) < entries) await new Promise((resolve) => setTimeout(resolve, 200));
      const mailedSeconds = (Date.now() - queued) / 1000;
      const outcomes = await db
        .select({ outcome: dropEntries.outcome, n: sql<number>`count(*)::int` })
        .from(dropEntries)
        .where(eq(dropEntries.dropId, drop!.id))
        .groupBy(dropEntries.outcome);
      const count = Object.fromEntries(outcomes.map((row) => [row.outcome, row.n]));
      const result = {
        entries,
        pairs: SIZES.length * PAIRS_PER_SIZE,
        providerLatencyMs: LATENCY_MS,
        won: count.won ?? 0,
        declined: count.declined ?? 0,
        lost: count.lost ?? 0,
        drawnSeconds,
        mailedSeconds,
        cpus: os.cpus().length,
      };
      console.table([result]);
      saveResult('draw', result);
    } finally {
      await app.close();
    }
  } finally {
    await bench.dispose();
  }
}
