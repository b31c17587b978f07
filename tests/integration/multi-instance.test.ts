// One file because its tests run in order against the same two server processes and database,
// started once (the last test kills A).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staffSignIn } from './support/staff.js';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate.js';
import { demoBrands, demoShoes } from '../../src/server/db/seed/demo-catalogue.js';
import { paymentMethodBody } from '../fixtures/payment.js';
import { createDatabase } from './support/postgres-database.js';
import { REDIS_URL } from './support/services.js';
import {
  killServers,
  shopClient,
  sleep,
  startServer,
  type ServerProcess,
  type ShopClient,
} from './support/server-process.js';

/**
 * Two instances behind a load balancer (issue 9): two real `npm start` processes, started at
 * the same moment on two ports, share one fresh PostgreSQL database, one Redis (under a key
 * prefix of this run) and one SESSION_SECRET, each with a data directory of its own. Whatever
 * instance a request lands on, the shop behaves as one: migrations and the demo seed happen
 * once, sessions and payment methods made on one are good on the other, rate limits count on
 * both, concurrent checkouts on both never oversell, an admin change on one shows on the other
 * at once, and when one dies (SIGKILL) the other keeps serving.
 *
 * It always runs, on the machine's PostgreSQL and Redis (support/services.ts: DATABASE_URL or
 * CI_DATABASE_URL, and REDIS_URL, when set).
 */
const ADMIN = { email: 'owner@multi.test', password: 'multi-owner-password' };
const SHOPPERS = 10;
const CHECKOUTS = 100;
const STREAM_AFTER_KILL_MS = 2_000;

const run = crypto.randomBytes(6).toString('hex');
const KEY_PREFIX = `shop-multi-${run}:`;
const dataDirs: string[] = [];
const figures: Record<string, unknown> = {};
let database: Awaited<ReturnType<typeof createDatabase>>;
let direct: pg.Client;
let redis: Redis;
let a: ServerProcess;
let b: ServerProcess;
let onA: ShopClient;
let onB: ShopClient;
/** Every stock entry as the test last set it: what the books must add up to at the end. */
const stockAtStart = new Map<string, number>();

interface CatalogShoe {
  _id: string;
  name: string;
  brand: string;
  color: string;
  description: string;
  price: number;
  version: number;
  stock: { size: string; quantity: number }[];
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await direct.query<T>(text, values)).rows;
}

beforeAll(async () => {
  database = await createDatabase('shop_multi');
  const env = (dataDir: string) => ({
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: KEY_PREFIX,
    SESSION_SECRET: `multi-instance-session-secret-${run}`,
    DATA_DIR: dataDir,
    SEED: 'demo',
    PAYMENTS: 'test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // All requests come from 127.0.0.1: as behind a load balancer, X-Forwarded-For says who sent them.
    TRUST_PROXY: 'true',
  });
  const dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-multi-a-'));
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-multi-b-'));
  dataDirs.push(dirA, dirB);
  const started = Date.now();
  // At the same moment: both race for the startup lock, as two replicas of a deploy do.
  [a, b] = await Promise.all([startServer(env(dirA)), startServer(env(dirB))]);
  figures.bothReadyMs = Date.now() - started;
  onA = shopClient(a.base);
  onB = shopClient(b.base);
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
  redis = new Redis(REDIS_URL);
  for (const row of await query<{ shoe_id: string; size: string; quantity: number }>(
    'select shoe_id, size, quantity from stock_entries',
  )) {
    stockAtStart.set(`${row.shoe_id}|${row.size}`, row.quantity);
  }
}, 120_000);

afterAll(async () => {
  console.log(`[multi-instance] ${JSON.stringify(figures)}`);
  killServers();
  await direct?.end();
  if (redis) {
    const keys = await redis.keys(`${KEY_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await database?.drop();
  dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

async function catalogue(send: ShopClient): Promise<CatalogShoe[]> {
  const page = await send('GET', '/api/shoes?limit=100');
  expect(page.status).toBe(200);
  return page.json();
}

async function signUp(send: ShopClient, name: string) {
  const email = `${name}.${run}@example.com`;
  const answer = await send('POST', '/api/account/sign-up', { email, password: 'secret123' });
  expect(answer.status, answer.text).toBe(200);
  return { email, password: 'secret123', cookie: answer.cookie, id: answer.json().user._id as string };
}

async function paymentMethod(send: ShopClient, cookie: string): Promise<string> {
  const answer = await send('POST', '/api/payments/methods', paymentMethodBody(), cookie);
  expect(answer.status, answer.text).toBe(200);
  return answer.json().id;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Sets a stock entry; the books count it as having started with this plus what it sold so far. */
async function setStock(shoeId: string, size: string, quantity: number) {
  await query('update stock_entries set quantity = $3 where shoe_id = $1 and size = $2', [
    shoeId,
    size,
    quantity,
  ]);
  const [sold] = await query<{ units: string }>(
    'select coalesce(sum(quantity), 0) as units from order_lines where shoe_id = $1 and size = $2',
    [shoeId, size],
  );
  stockAtStart.set(`${shoeId}|${size}`, quantity + Number(sold!.units));
}

describe('two instances on one database and one Redis', () => {
  it('started together, they migrated once and seeded the demo catalogue once', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
    const applied = await query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);

    const seeded = [a, b].filter((server) => server.output().includes('Seeded the demo catalogue'));
    expect(seeded, `${a.output()}\n${b.output()}`).toHaveLength(1);
    const [counts] = await query<{ brands: string; shoes: string; stock: string; names: string }>(
      `select (select count(*) from brands) as brands, (select count(*) from shoes) as shoes,
              (select count(*) from stock_entries) as stock, (select count(distinct name) from shoes) as names`,
    );
    const sizes = demoShoes.reduce((sum, shoe) => sum + shoe.sizes.length, 0);
    expect(counts).toEqual({
      brands: String(demoBrands.length),
      shoes: String(demoShoes.length),
      stock: String(sizes),
      names: String(new Set(demoShoes.map((shoe) => shoe.name)).size),
    });
    for (const send of [onA, onB]) {
      const page = await send('GET', '/api/shoes?limit=1');
      expect(Number(page.headers.get('x-total-count'))).toBe(demoShoes.length);
    }
    figures.seededBy = seeded[0] === a ? 'A' : 'B';
  });

  it('a session made on A is valid on B, and signing out on B ends it on A', async () => {
    const shopper = await signUp(onA, 'session');
    const onBAnswer = await onB('GET', '/api/account/session', undefined, shopper.cookie);
    expect(onBAnswer.status).toBe(200);
    expect(onBAnswer.json().user).toMatchObject({ _id: shopper.id, email: shopper.email });

    expect((await onB('POST', '/api/account/sign-out', {}, shopper.cookie)).status).toBe(200);
    const afterSignOut = await onA('GET', '/api/account/session', undefined, shopper.cookie);
    expect(afterSignOut.json()).toEqual({ user: null, secondFactor: false });
  });

  it('a shopper signs in on A, pays on B with a card entered on A, and sees the order on A', async () => {
    const { email, password } = await signUp(onB, 'buyer');
    const signedIn = await onA('POST', '/api/account/sign-in', { email, password });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = signedIn.cookie;
    const shoe = (await catalogue(onA)).find((candidate) =>
      candidate.stock.some((entry) => entry.quantity > 0),
    )!;
    const size = shoe.stock.find((entry) => entry.quantity > 0)!.size;
    const method = await paymentMethod(onA, cookie);
    const paid = await onB(
      'POST',
      '/api/cart/checkout',
      { id: method, shoes: [{ _id: shoe._id, size, quantity: 1 }], amount: cents(shoe.price) },
      cookie,
      { 'idempotency-key': `multi-buyer-${run}` },
    );
    expect(paid.status, paid.text).toBe(200);
    const order = paid.json().order;
    const seen = await onA('GET', `/api/cart/order/${order._id}`, undefined, cookie);
    expect(seen.status).toBe(200);
    expect(seen.json()).toEqual(order);
    const mine = await onA('GET', `/api/cart/${signedIn.json().user._id}`, undefined, cookie);
    expect(mine.json().map((listed: { _id: string }) => listed._id)).toEqual([order._id]);
  });

  it('rate limits count requests to both: the contact form’s 6th message in a minute is refused', async () => {
    // One shopper's address; the Redis key prefix of this run makes its counts start from zero.
    const address = { 'x-forwarded-for': '10.99.0.7' };
    const message = { name: 'Ana', email: 'ana@example.com', message: 'Do you ship to Lisbon?' };
    const statuses: number[] = [];
    for (const send of [onA, onA, onA, onB, onB, onB]) {
      statuses.push((await send('POST', '/api/mail/contactUs', message, undefined, address)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Counted in Redis, under this run's prefix, where both instances see the same number.
    expect(await redis.keys(`${KEY_PREFIX}rate-limit:*`)).not.toEqual([]);
  });

  it(`${CHECKOUTS} simultaneous checkouts split over both never oversell`, async () => {
    // 10 units over 3 shoes x 2 sizes, as in tests/api/checkout/concurrency.test.ts.
    const picked = (await catalogue(onA)).filter((shoe) => shoe.stock.length >= 2).slice(0, 3);
    const units = [2, 1, 2, 2, 1, 2];
    const contested = picked.flatMap((shoe, i) =>
      shoe.stock.slice(0, 2).map((entry, j) => ({ shoe, size: entry.size, units: units[i * 2 + j]! })),
    );
    for (const entry of contested) await setStock(entry.shoe._id, entry.size, entry.units);
    const total = contested.reduce((sum, entry) => sum + entry.units, 0);
    expect(total).toBe(10);

    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, i) => signUp(i % 2 ? onB : onA, `storm${i}`)),
    );
    // Even carts hold one line (each shoe and size is the only line of 8 or more of them, so a
    // correct shop sells every unit); odd carts hold two.
    const carts = Array.from({ length: CHECKOUTS }, (_, i) => {
      const k = Math.floor(i / 2);
      const lines = [contested[k % contested.length]!];
      if (i % 2) lines.push(contested[(k + 1) % contested.length]!);
      return lines;
    });
    // Carts of both kinds go to both instances; half of the cards were entered on the other one.
    const instanceOf = (i: number) => (Math.floor(i / 2) % 2 ? 'B' : 'A');
    const methods = await Promise.all(
      carts.map((_, i) => paymentMethod(i % 2 ? onB : onA, shoppers[i % SHOPPERS]!.cookie)),
    );
    const started = Date.now();
    const answers = await Promise.all(
      carts.map((cart, i) =>
        (instanceOf(i) === 'B' ? onB : onA)(
          'POST',
          '/api/cart/checkout',
          {
            id: methods[i],
            shoes: cart.map((line) => ({ _id: line.shoe._id, size: line.size, quantity: 1 })),
            amount: cart.reduce((sum, line) => sum + cents(line.shoe.price), 0),
          },
          shoppers[i % SHOPPERS]!.cookie,
          { 'idempotency-key': `multi-storm-${run}-${i}` },
        ),
      ),
    );
    const elapsed = Date.now() - started;
    const codes = answers.map((answer) => answer.status);
    expect(
      codes.filter((code) => code !== 200 && code !== 409),
      answers.find((answer) => answer.status !== 200 && answer.status !== 409)?.text,
    ).toEqual([]);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) {
      expect(answer.json().error.message).toMatch(/^Sorry, .+ in size .+ is out of stock\.$/);
    }

    const stock = await query<{ quantity: number }>(
      'select quantity from stock_entries where (shoe_id, size) in (select * from unnest($1::uuid[], $2::text[]))',
      [contested.map((entry) => entry.shoe._id), contested.map((entry) => entry.size)],
    );
    expect(stock).toHaveLength(contested.length);
    expect(stock.every((row) => row.quantity >= 0)).toBe(true);
    expect(stock.reduce((sum, row) => sum + row.quantity, 0)).toBe(0);
    const [sold] = await query<{ orders: string; units: string }>(
      `select count(distinct o.id) as orders, coalesce(sum(l.quantity), 0) as units
         from orders o join order_lines l on l.order_id = o.id where o.idempotency_key like $1`,
      [`multi-storm-${run}-%`],
    );
    const succeeded = codes.filter((code) => code === 200).length;
    expect(Number(sold!.units)).toBe(total);
    expect(Number(sold!.orders)).toBe(succeeded);
    const paidOn = (name: string) => codes.filter((code, i) => code === 200 && instanceOf(i) === name).length;
    figures.storm = {
      checkouts: CHECKOUTS,
      ms: elapsed,
      paidOnA: paidOn('A'),
      paidOnB: paidOn('B'),
      refused: CHECKOUTS - succeeded,
      units: total,
    };
  }, 60_000);

  it('an admin change on A shows on B at once, not after its cache expires', async () => {
    const adminCookie = await staffSignIn(onA, ADMIN);
    const shoe = (await catalogue(onA)).at(-1)!;
    // B has the shoe in its catalogue cache (5 s) when A changes it.
    expect((await onB('GET', `/api/shoes/${shoe._id}`)).json().price).toBe(shoe.price);
    const entry = shoe.stock[0]!;
    // The quantity is part of the form: the one in the database, whatever a cache says, keeps the books.
    const [{ quantity }] = (await query<{ quantity: number }>(
      'select quantity from stock_entries where shoe_id = $1 and size = $2',
      [shoe._id, entry.size],
    )) as [{ quantity: number }];
    const form = new FormData();
    const fields = {
      brand: shoe.brand,
      name: shoe.name,
      color: shoe.color,
      price: String(Math.round(shoe.price) + 7),
      size: entry.size,
      q: String(quantity),
      description: shoe.description,
      version: String(shoe.version),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const modified = await fetch(`${a.base}/api/shoes/${shoe._id}`, {
      method: 'PUT',
      body: form,
      headers: { cookie: adminCookie, origin: a.base },
    });
    expect(modified.status, await modified.clone().text()).toBe(200);
    const started = Date.now();
    let price = (await onB('GET', `/api/shoes/${shoe._id}`)).json().price;
    while (price !== Number(fields.price) && Date.now() - started < 1_000) {
      await sleep(20);
      price = (await onB('GET', `/api/shoes/${shoe._id}`)).json().price;
    }
    expect(price, `B still answered ${price} after ${Date.now() - started} ms`).toBe(Number(fields.price));
    figures.adminChangeOnBMs = Date.now() - started;
  });

  it('A killed (SIGKILL) in the middle of a load: B serves every request, during and after', async () => {
    const shoes = await catalogue(onB);
    const target = shoes.find((shoe) => shoe.stock.length > 0)!;
    const size = target.stock[0]!.size;
    await setStock(target._id, size, 1_000);
    const shopper = await signUp(onB, 'steady');
    const methodsOnB = await Promise.all(
      Array.from({ length: 12 }, () => paymentMethod(onB, shopper.cookie)),
    );
    const methodsOnA = await Promise.all(
      Array.from({ length: 20 }, () => paymentMethod(onA, shopper.cookie)),
    );
    const checkout = (send: ShopClient, method: string, key: string) =>
      send(
        'POST',
        '/api/cart/checkout',
        { id: method, shoes: [{ _id: target._id, size, quantity: 1 }], amount: cents(target.price) },
        shopper.cookie,
        { 'idempotency-key': key },
      );

    // A steady stream to B: four readers and, every so often, a checkout.
    let killedAt = 0;
    let stop = false;
    const onBAnswers: { status: number; what: string; afterKill: boolean; text: string }[] = [];
    const record = (what: string, answer: { status: number; text: string }) =>
      onBAnswers.push({
        status: answer.status,
        what,
        afterKill: killedAt > 0,
        text: answer.text.slice(0, 200),
      });
    let reads = 0;
    const reader = async () => {
      while (!stop) {
        const n = reads++;
        const url =
          n % 3 === 0
            ? `/api/shoes?limit=${(n % 20) + 1}&offset=${n % 50}`
            : n % 3 === 1
              ? `/api/shoes/${shoes[n % shoes.length]!._id}`
              : '/api/brands';
        record(`GET ${url}`, await onB('GET', url));
      }
    };
    const buyer = async () => {
      for (const [i, method] of methodsOnB.entries()) {
        if (stop) break;
        record('checkout', await checkout(onB, method, `multi-steady-${run}-${i}`));
        await sleep(200);
      }
    };
    const stream = Promise.all([reader(), reader(), reader(), reader(), buyer()]);

    // Load on A, all at once after B's stream is under way: they queue on the same stock row, so
    // once a few are answered the rest are in flight when A is killed.
    await sleep(300);
    /** Each answer's status; 0 for a request the kill cut off, as a browser reports it. */
    const onAOutcomes: number[] = [];
    const loadOnA = methodsOnA.map((method, i) =>
      checkout(onA, method, `multi-dying-${run}-${i}`).then(
        (answer) => onAOutcomes.push(answer.status),
        () => onAOutcomes.push(0),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (onAOutcomes.filter((status) => status === 200).length < 5 && Date.now() < deadline) await sleep(2);
    a.child.kill('SIGKILL');
    killedAt = Date.now();
    await a.exited;
    await Promise.all(loadOnA);
    await sleep(STREAM_AFTER_KILL_MS);
    stop = true;
    await stream;

    const failed = onBAnswers.filter((answer) => answer.status !== 200);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    const after = onBAnswers.filter((answer) => answer.afterKill);
    expect(after.length).toBeGreaterThan(20);
    expect(after.some((answer) => answer.what === 'checkout')).toBe(true);
    expect((await onB('GET', '/api/ready')).status).toBe(200);
    const killed = {
      onBBeforeKill: onBAnswers.length - after.length,
      onBAfterKill: after.length,
      checkoutsOnB: onBAnswers.filter((answer) => answer.what === 'checkout').length,
      onAAnswered: onAOutcomes.filter((status) => status === 200).length,
      onACut: onAOutcomes.filter((status) => status === 0).length,
    };
    // Before the kill A answered 200s only; the kill cut checkouts in flight.
    expect(onAOutcomes.filter((status) => status !== 200 && status !== 0)).toEqual([]);
    figures.killed = killed;
    expect(killed.onACut).toBeGreaterThan(0);

    // The books: for every shoe and size, stock taken equals units in order lines, never negative.
    const stock = await query<{ key: string; quantity: number }>(
      `select shoe_id || '|' || size as key, quantity from stock_entries`,
    );
    const sold = new Map(
      (
        await query<{ key: string; units: string }>(
          `select shoe_id || '|' || size as key, sum(quantity) as units from order_lines group by shoe_id, size`,
        )
      ).map((row) => [row.key, Number(row.units)]),
    );
    for (const row of stock) {
      expect(row.quantity, row.key).toBeGreaterThanOrEqual(0);
      expect(stockAtStart.get(row.key)! - row.quantity, `stock taken for ${row.key}`).toBe(
        sold.get(row.key) ?? 0,
      );
    }
  }, 60_000);
});
