/**
 * `npm run bench -- --scenario tracing [--db pglite|postgres --seconds 4 --connections 10 --rounds 5]`
 * (`npm run bench:tracing` sets those defaults): what OpenTelemetry tracing costs (issue 34 item 2,
 * goal: under 10% more CPU per request). The shop runs in a process of its own (bench/shop-server.ts)
 * three ways: tracing off (no endpoint), on (every request traced, exported over OTLP/HTTP to a sink
 * in this process that reads and counts the spans), and on with 1 trace in 10
 * (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1). Each way is loaded with a cached answer
 * (GET /api/shoes/{id}) and the checkout loop (bench/checkout-loop.ts); the figure is the shop
 * process's CPU time (from /proc) per request answered. The three shops run side by side and are
 * loaded in turn, a short burst each, `--rounds` times, so whatever else a shared machine does falls
 * on all three alike; a way's figure is its CPU time summed over its bursts divided by its requests,
 * and each round's ratio to "off" is printed too, with their median, to show the spread, and the
 * least disturbed (lowest) burst of each way against off's. docs/performance.md, "Tracing".
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import type { CheckoutLoop } from './checkout-loop.js';
import { measureCpu } from './cpu.js';
import type { BenchDatabase } from './database.js';
import { load } from './load.js';
import type { BenchOptions } from './options.js';
import { startShopProcess, type ShopProcess } from './shop-process.js';

/** A stand-in OTLP collector: reads every export (as a collector would) and counts the spans. */
async function startSink() {
  let spans = 0;
  let exports = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[];
      };
      exports += 1;
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) spans += scope.spans?.length ?? 0;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    counts: () => ({ spans, exports }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WAYS: Record<'off' | 'on' | '1 in 10', Record<string, string>> = {
  off: {},
  on: { OTEL_TRACES_SAMPLER: 'parentbased_always_on' },
  '1 in 10': { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
};
type Way = keyof typeof WAYS;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Total {
  cpuSeconds: number;
  requests: number;
  seconds: number;
  errors: number;
  /** CPU ms per request of each round, for the spread. */
  rounds: number[];
}

export async function benchTracing({
  options,
  bench,
  shopEnv,
  checkout,
  shoeId,
}: {
  options: BenchOptions;
  bench: BenchDatabase;
  shopEnv: Record<string, string>;
  checkout: CheckoutLoop;
  shoeId: string;
}): Promise<void> {
  const sink = await startSink();
  // The three shops run side by side (PGlite: each on its own copy of the data directory) and are
  // loaded in turn, a short burst each, round after round: whatever else the machine does falls
  // on all three alike. A shop's CPU time is counted only while it is the one loaded.
  const ways = Object.keys(WAYS) as Way[];
  const dataDirOf = (way: Way) =>
    bench.url || way === 'off' ? bench.dataDir : `${bench.dataDir}-${way.replaceAll(' ', '-')}`;
  // Copied before any shop starts (and takes the directory's lock).
  for (const way of ways)
    if (dataDirOf(way) !== bench.dataDir) fs.cpSync(bench.dataDir, dataDirOf(way), { recursive: true });
  const shops = new Map<Way, ShopProcess>();
  try {
    for (const way of ways) {
      const tracing: Record<string, string> =
        way === 'off'
          ? {}
          : { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_SERVICE_NAME: 'sneaker-shop-bench' };
      shops.set(
        way,
        await startShopProcess({
          ...shopEnv,
          LOG_LEVEL: options.logLevel,
          DATA_DIR: dataDirOf(way),
          ...tracing,
          ...WAYS[way],
        }),
      );
    }
    const loads = {
      'GET /api/shoes/{id} cached': (address: string) =>
        load(`${address}/api/shoes/${shoeId}`, {
          connections: options.connections,
          seconds: options.seconds,
        }),
      'checkout loop (pay method + checkout)': (address: string) =>
        load(`${address}/api/cart/checkout`, {
          connections: options.connections,
          seconds: options.seconds,
          requests: checkout.requests,
          setupClient: checkout.setupClient,
        }),
    };
    // Unmeasured first: the JIT's warm-up is not tracing's cost. The checkout too: its transactions
    // run the outbox's AsyncLocalStorage, which turns on Node 20's promise hooks for good, as in any
    // shop that has taken an order; a shop that had only answered cached reads would not pay them.
    for (const shop of shops.values()) for (const run of Object.values(loads)) await run(shop.address);
    const totals = new Map<string, Total>();
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const [route, run] of Object.entries(loads)) {
        // The order turns each round: a burst's after-effects (PostgreSQL's writes and vacuum after
        // checkouts, the collector's reads) fall on the next shop, which is not always the same one.
        for (const way of ways.map((_, index) => ways[(index + round - 1) % ways.length]!)) {
          const shop = shops.get(way)!;
          const started = performance.now();
          const { result, cpu } = await measureCpu([shop.pid], () => run(shop.address));
          if (!cpu) throw new Error('CPU time per process needs Linux (/proc)');
          const seconds = (performance.now() - started) / 1000;
          const key = `${route}|${way}`;
          const total = totals.get(key) ?? { cpuSeconds: 0, requests: 0, seconds: 0, errors: 0, rounds: [] };
          const cpuMs = (cpu.servers * 1000) / result.requestsPerSecond;
          total.cpuSeconds += cpu.servers * seconds;
          total.requests += result.requestsPerSecond * options.seconds;
          total.seconds += options.seconds;
          total.errors += result.errors + Object.values(result.non2xx).reduce((sum, n) => sum + n, 0);
          total.rounds.push(cpuMs);
          totals.set(key, total);
          console.log(
            `round ${round}, ${route}, tracing ${way}: ${Math.round(result.requestsPerSecond)} req/s, ` +
              `${cpuMs.toFixed(3)} CPU ms/req, errors ${result.errors}, non-2xx ${JSON.stringify(result.non2xx)}`,
          );
        }
      }
    }
    const { spans, exports } = sink.counts();
    const perRequest = (route: string, way: Way) => {
      const total = totals.get(`${route}|${way}`)!;
      return { ...total, cpuMs: (total.cpuSeconds * 1000) / total.requests };
    };
    console.log(
      `\nTracing's cost on ${options.db}, ${options.connections} connections, ${options.rounds} rounds of ` +
        `${options.seconds} s a shop and route, taken in turn; the sink read ${spans} spans in ${exports} exports.`,
    );
    console.table(
      Object.keys(loads).flatMap((route) =>
        ways.map((way) => {
          const figure = perRequest(route, way);
          const off = totals.get(`${route}|off`)!.rounds;
          const byRound = figure.rounds
            .map((cpuMs, index) => cpuMs / off[index]! - 1)
            .filter((ratio) => Number.isFinite(ratio));
          const best = (rounds: number[]) => Math.min(...rounds.filter((cpuMs) => Number.isFinite(cpuMs)));
          return {
            route,
            tracing: way,
            requests: Math.round(figure.requests),
            'req/s': Math.round(figure.requests / figure.seconds),
            'errors, non-2xx': figure.errors,
            'CPU ms/req': figure.cpuMs.toFixed(3),
            'vs off': `${((figure.cpuMs / perRequest(route, 'off').cpuMs - 1) * 100).toFixed(1)}%`,
            // Each round against the same round's "off" burst: the spread, and its median.
            'vs off, median round': `${(median(byRound) * 100).toFixed(1)}%`,
            // The least disturbed burst of each way (a shared machine's noise only ever adds).
            'best round CPU ms/req': best(figure.rounds).toFixed(3),
            'best vs best off': `${((best(figure.rounds) / best(off) - 1) * 100).toFixed(1)}%`,
            'vs off, by round': byRound.map((ratio) => `${Math.round(ratio * 100)}%`).join(' '),
          };
        }),
      ),
    );
  } finally {
    for (const shop of shops.values()) await shop.stop();
    await sink.close();
    for (const way of ways)
      if (dataDirOf(way) !== bench.dataDir) fs.rmSync(dataDirOf(way), { recursive: true, force: true });
  }
}
