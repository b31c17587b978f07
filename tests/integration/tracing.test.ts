import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentMethodBody, TEST_CARD_NUMBER } from '../fixtures/payment.js';
import { createDatabase } from './support/postgres-database.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.js';
import { killServers, shopClient, startServer, type ServerProcess } from './support/server-process.js';

/**
 * OpenTelemetry traces (issue 34 item 2), `npm start` as a real process exporting over OTLP/HTTP
 * to a receiver the test runs: a checkout's trace holds its request (a server span named by the
 * route), the validation, the checkout's reserve and confirm transactions (with pg's queries on
 * PostgreSQL) and the payment provider's calls between them, outside any transaction, parent-linked;
 * the request's log line names the trace; no attribute
 * carries the shopper's email, card, address or session. A request the sampler leaves out has no
 * span and its line no trace id; one that arrives with a sampled W3C traceparent joins that trace.
 * Without OTEL_EXPORTER_OTLP_ENDPOINT no SDK module is imported and nothing reaches the receiver.
 */
const SERVER = 2;
const ADDRESS = {
  name: 'Ana Lima',
  line1: '12 Harbor Dr.',
  line2: 'Suite 400',
  city: 'San Diego',
  state: 'CA',
  postal_code: '92101',
};
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  killServers();
  for (const cleanup of cleanups) await cleanup();
});

async function receiver(): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver();
  cleanups.push(started.close);
  return started;
}

function dataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-tracing-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const startShop = (env: Record<string, string>) =>
  startServer(
    { LOG_LEVEL: 'info', SEED: 'demo', PAYMENTS: 'test', TRUST_PROXY: 'true', DATABASE_URL: '', ...env },
    { readyPath: '/api/shoes?limit=1' },
  );

/**
 * A signed-up shopper pays for one pair, delivered to ADDRESS; what a span must never show.
 * `headers` go with the checkout's request (a W3C traceparent).
 */
async function checkout(shop: ServerProcess, headers: Record<string, string> = {}) {
  const send = shopClient(shop.base);
  const shoes = (await send('GET', '/api/shoes?limit=20')).json() as {
    _id: string;
    price: number;
    stock: { size: string; quantity: number }[];
  }[];
  const shoe = shoes.find((candidate) => candidate.stock.some((entry) => entry.quantity > 0))!;
  const size = shoe.stock.find((entry) => entry.quantity > 0)!.size;
  const email = `traced.${Date.now()}@example.com`;
  const signedUp = await send('POST', '/api/account/sign-up', { email, password: 'secret123' });
  expect(signedUp.status, signedUp.text).toBe(200);
  const method = await send('POST', '/api/payments/methods', paymentMethodBody(), signedUp.cookie);
  expect(method.status, method.text).toBe(200);
  const paid = await send(
    'POST',
    '/api/cart/checkout',
    {
      id: method.json().id as string,
      shoes: [{ _id: shoe._id, size, quantity: 1 }],
      amount: Math.round(shoe.price * 100),
      deliveryAddress: ADDRESS,
    },
    signedUp.cookie,
    headers,
  );
  expect(paid.status, paid.text).toBe(200);
  const session = signedUp.cookie.split('=').slice(1).join('=');
  return { secrets: [email, TEST_CARD_NUMBER, ADDRESS.line1, ADDRESS.line2, session] };
}

/** The spans of one trace, and the one child of `parent` named `name` (exactly one). */
function traceOf(spans: ReceivedSpan[], traceId: string) {
  const inTrace = spans.filter((span) => span.traceId === traceId);
  return {
    spans: inTrace,
    childrenOf: (parent: ReceivedSpan) => inTrace.filter((span) => span.parentSpanId === parent.spanId),
    only(name: string): ReceivedSpan {
      const named = inTrace.filter((span) => span.name === name);
      expect(named.map((span) => span.name)).toEqual([name]);
      return named[0]!;
    },
    /** The span's ancestors, nearest first, up to the trace's root. */
    ancestorsOf(span: ReceivedSpan): ReceivedSpan[] {
      const chain: ReceivedSpan[] = [];
      let current = span;
      for (;;) {
        const parent = inTrace.find((candidate) => candidate.spanId === current.parentSpanId);
        if (!parent) return chain;
        chain.push(parent);
        current = parent;
      }
    },
  };
}

const checkoutServerSpan = (spans: ReceivedSpan[]) =>
  spans.find((span) => span.name === 'POST /api/cart/checkout' && span.kind === SERVER);

/** The checkout's trace has arrived whole: its request span ends last, after every child's. */
const checkoutTraceArrived = (spans: ReceivedSpan[]) => {
  const server = checkoutServerSpan(spans);
  return Boolean(
    server &&
    ['validation', 'checkout.reserve', 'payment.prepare', 'payment.charge', 'checkout.confirm'].every(
      (name) => spans.some((span) => span.traceId === server.traceId && span.name === name),
    ),
  );
};

/** The "request" log lines of the checkout (pino's JSON lines on standard output). */
const checkoutLogLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; route?: string; status: number; traceId?: string })
    .filter((line) => line.msg === 'request' && line.route === '/api/cart/checkout');

/**
 * The checkouts' log lines once the shop's standard output has brought `count` of them: the answer
 * can reach the test before the line written with it comes through the pipe.
 */
async function checkoutLogLinesOf(shop: ServerProcess, count: number) {
  if (checkoutLogLines(shop.output()).length < count) {
    await new Promise<void>((resolve) => {
      const arrived = () => {
        if (checkoutLogLines(shop.output()).length < count) return;
        shop.child.stdout!.off('data', arrived);
        resolve();
      };
      shop.child.stdout!.on('data', arrived);
    });
  }
  const lines = checkoutLogLines(shop.output());
  expect(lines).toHaveLength(count);
  return lines;
}

/** The one checkout's log line. */
const checkoutLogLine = async (shop: ServerProcess) => (await checkoutLogLinesOf(shop, 1))[0]!;

async function expectCheckoutTrace(spans: ReceivedSpan[], shop: ServerProcess, secrets: string[]) {
  const server = checkoutServerSpan(spans)!;
  const trace = traceOf(spans, server.traceId);
  // The request is the trace's root, named by its route's pattern, and says so in its attributes.
  expect(server.parentSpanId).toBe('');
  expect(server.service).toBe('sneaker-shop');
  expect(server.attributes['http.route']).toBe('/api/cart/checkout');
  expect(server.attributes['url.path']).toBe('/api/cart/checkout');
  expect(server.attributes['http.response.status_code']).toBe(200);
  // The validation is the request's own child; the rest runs in the handler below it.
  expect(trace.only('validation').parentSpanId).toBe(server.spanId);
  const reserve = trace.only('checkout.reserve');
  const confirm = trace.only('checkout.confirm');
  for (const step of [reserve, confirm]) expect(trace.ancestorsOf(step).at(-1)).toEqual(server);
  const prepare = trace.only('payment.prepare');
  expect(trace.ancestorsOf(prepare).at(-1)).toEqual(server);
  expect(prepare.attributes).toEqual({ 'payment.provider': 'test', 'payment.operation': 'prepare' });
  // The capture runs outside any transaction (docs/decisions/031): after the reserve committed, before
  // the confirm began, and under no checkout.* transaction span.
  const charge = trace.only('payment.charge');
  expect(trace.ancestorsOf(charge).filter((span) => span.name.startsWith('checkout.'))).toEqual([]);
  // To the millisecond: a span's start may be recorded at that precision, its end finer.
  const ms = (nanos: string) => BigInt(nanos) / 1_000_000n;
  expect(ms(charge.startTimeUnixNano)).toBeGreaterThanOrEqual(ms(reserve.endTimeUnixNano));
  expect(ms(confirm.startTimeUnixNano)).toBeGreaterThanOrEqual(ms(charge.endTimeUnixNano));
  expect(charge.attributes).toEqual({ 'payment.provider': 'test', 'payment.operation': 'charge' });
  const transaction = confirm;
  // The request's log line leads to this trace.
  const line = await checkoutLogLine(shop);
  expect(line.status).toBe(200);
  expect(line.traceId).toBe(server.traceId);
  // Nothing personal, no card and no session in any span the shop sent.
  const everything = JSON.stringify(spans);
  for (const secret of secrets) expect(everything).not.toContain(secret);
  return { trace, transaction };
}

describe('traces over OTLP', () => {
  it(
    "a checkout's trace on PGlite: request, validation, reserve, provider, confirm; the log names it",
    { timeout: 180_000 },
    async () => {
      const otlp = await receiver();
      const shop = await startShop({
        DATA_DIR: dataDir('pglite'),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        // Batches leave every 100 ms: the test waits on their arrival.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      const { secrets } = await checkout(shop);
      await otlp.until(() => checkoutTraceArrived(otlp.spans));
      expect(otlp.requests.every((request) => request.url === '/v1/traces')).toBe(true);
      expect(otlp.requests[0]!.contentType).toBe('application/json');
      await expectCheckoutTrace(otlp.spans, shop, secrets);
      // No pg spans on PGlite (it runs in the process, not through pg), and no probe traced.
      expect(otlp.spans.filter((span) => span.name.startsWith('pg'))).toEqual([]);
      expect(otlp.spans.filter((span) => span.attributes['http.route'] === '/api/ready')).toEqual([]);
    },
  );

  it(
    "on PostgreSQL pg's queries are the confirm's children; the last spans leave at shutdown",
    { timeout: 180_000 },
    async () => {
      const database = await createDatabase('shop_tracing');
      cleanups.push(database.drop);
      const otlp = await receiver();
      const shop = await startShop({
        DATA_DIR: dataDir('postgres'),
        DATABASE_URL: database.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        OTEL_SERVICE_NAME: 'sneaker-shop',
        // No batch leaves on its own during the test: the spans come with the flush at SIGTERM.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      });
      const { secrets } = await checkout(shop);
      expect(checkoutServerSpan(otlp.spans)).toBeUndefined();
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      expect(checkoutTraceArrived(otlp.spans)).toBe(true);
      const { trace, transaction } = await expectCheckoutTrace(otlp.spans, shop, secrets);
      // BEGIN ... COMMIT on the confirm's connection, each a pg span under the confirm, the
      // order's INSERT between them (then the after-commit dispatch of its events, docs/decisions/017,
      // still inside the span: a consumer may run a transaction of its own, the saved cart's emptying).
      const at = (span: ReceivedSpan) => BigInt(span.startTimeUnixNano);
      const queries = trace
        .childrenOf(transaction)
        .filter((span) => span.name.startsWith('pg.query:'))
        .sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
      const named = (verb: string) =>
        queries.filter((span) => span.name === `pg.query:${verb} ${database.name}`);
      expect(queries[0]!.name).toBe(`pg.query:BEGIN ${database.name}`);
      const commit = named('COMMIT')[0]!;
      const orderInsert = named('INSERT').filter((span) =>
        String(span.attributes['db.query.text']).startsWith('insert into "orders"'),
      );
      expect(orderInsert).toHaveLength(1);
      expect(at(orderInsert[0]!)).toBeLessThanOrEqual(at(commit));
      for (const query of queries) {
        expect(query.attributes['db.system.name']).toBe('postgresql');
        // The statement's text, its values never (they are parameters).
        expect(query.attributes).not.toHaveProperty('db.query.parameter.0');
      }
    },
  );

  it(
    'sampled out: no span and no traceId logged; a request with a sampled traceparent joins its trace',
    { timeout: 180_000 },
    async () => {
      const otlp = await receiver();
      const shop = await startShop({
        DATA_DIR: dataDir('sampled-out'),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        // No request starts a trace of its own; one that comes with a sampled parent follows it.
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0',
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      });
      await checkout(shop);
      const remoteTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
      const remoteSpan = '00f067aa0ba902b7';
      const { secrets } = await checkout(shop, { traceparent: `00-${remoteTrace}-${remoteSpan}-01` });
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      // Only the second checkout was traced, in the caller's trace, below the caller's span; the
      // sign-ups, the catalogue reads and the first checkout left no span at all.
      expect(otlp.spans.length).toBeGreaterThan(0);
      expect(otlp.spans.filter((span) => span.traceId !== remoteTrace)).toEqual([]);
      const servers = otlp.spans.filter((span) => span.kind === SERVER);
      expect(servers.map((span) => span.name)).toEqual(['POST /api/cart/checkout']);
      expect(servers[0]!.parentSpanId).toBe(remoteSpan);
      expect(checkoutTraceArrived(otlp.spans)).toBe(true);
      const everything = JSON.stringify(otlp.spans);
      for (const secret of secrets) expect(everything).not.toContain(secret);
      // The first checkout's line names no trace; the second's names the caller's.
      const [first, second] = await checkoutLogLinesOf(shop, 2);
      expect([first!.status, second!.status]).toEqual([200, 200]);
      expect(first).not.toHaveProperty('traceId');
      expect(second!.traceId).toBe(remoteTrace);
    },
  );

  it(
    'without OTEL_EXPORTER_OTLP_ENDPOINT: no SDK module is loaded, nothing is sent, no traceId logged',
    { timeout: 180_000 },
    async () => {
      const otlp = await receiver();
      const watchFile = path.join(dataDir('off-watch'), 'modules.txt');
      fs.writeFileSync(watchFile, '');
      const watcher = path.resolve('tests/integration/support/module-watch.mjs');
      const shop = await startShop({
        DATA_DIR: dataDir('off'),
        // Set and empty counts as unset; the other variables alone turn nothing on.
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
        OTEL_SERVICE_NAME: 'sneaker-shop',
        OTEL_TRACES_SAMPLER: 'always_on',
        NODE_OPTIONS: `--import=${watcher}`,
        MODULE_WATCH_FILE: watchFile,
      });
      await checkout(shop);
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      // The spans' API (a no-op without the SDK) is all that loaded of OpenTelemetry.
      const loaded = new Set(
        fs
          .readFileSync(watchFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)![1]),
      );
      expect([...loaded]).toEqual(['@opentelemetry/api']);
      expect(otlp.requests).toEqual([]);
      expect(await checkoutLogLine(shop)).not.toHaveProperty('traceId');
    },
  );
});
