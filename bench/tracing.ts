/**
 * `npm run bench:tracing [-- --db pglite|postgres --seconds 4 --connections 10 --rounds 5]`: what
 * OpenTelemetry tracing costs (issue 34 item 2, goal: under 10% more CPU per request). The shop runs
 * in a process of its own (bench/shop-server.ts) three ways: tracing off (no endpoint), on (every
 * request traced, exported over OTLP/HTTP to a sink in this process that reads and counts the spans),
 * and on with 1 trace in 10 (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1). Each way is loaded
 * with a cached answer (GET /api/shoes/{id}) and the checkout loop (bench/checkout-loop.ts); the
 * figure is the shop process's CPU time (from /proc) per request answered. The three shops run side
 * by side and are loaded in turn, a short burst each, `--rounds` times, so whatever else a shared
 * machine does falls on all three alike; a way's figure is its CPU time summed over its bursts
 * divided by its requests. Measures and prints; asserts nothing. docs/performance.md, "Tracing".
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { createDiskImageStore } from '../src/server/storage/image-store.js';
import { createBenchCatalogue } from './catalogue.js';
import { ORIGIN, prepareCheckoutLoop, type CheckoutLoop } from './checkout-loop.js';
import { measureCpu } from './cpu.js';
import { openBenchDatabase } from './database.js';
import { load } from './load.js';
import { startShopProcess, type ShopProcess } from './shop-process.js';

interface Options {
  db: 'pglite' | 'postgres';
  seconds: number;
  connections: number;
  rounds: number;
}

function parse(argv: string[]): Options {
  const options: Options = { db: 'pglite', seconds: 4, connections: 10, rounds: 5 };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--db') {
      const db = value();
      if (db !== 'pglite' && db !== 'postgres') throw new Error('--db is pglite or postgres');
      options.db = db;
    } else if (flag === '--seconds') options.seconds = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--rounds') options.rounds = Number(value());
    else
      throw new Error(
        `Unknown option ${flag}: --db pglite|postgres, --seconds N, --connections N, --rounds N`,
      );
  }
  return options;
}

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

async function main() {
  const options = parse(process.argv.slice(2));
  const bench = await openBenchDatabase(options.db);
  const shopEnv = {
    DATA_DIR: bench.dataDir,
    ...(bench.url ? { DATABASE_URL: bench.url } : {}),
    TRUST_PROXY: 'true',
    PUBLIC_URL: ORIGIN,
    SEED: 'none' as const,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'info',
  };
  const config = loadConfig({}, { ...shopEnv, LOG_LEVEL: 'warn' });
  await migrateDatabase(bench.handle);
  await createBenchCatalogue(bench.handle.db, createDiskImageStore(config.uploadsDir), undefined);
  const app = await buildApp({ config, database: bench.handle, logger: false });
  const checkout: CheckoutLoop = await prepareCheckoutLoop(app, bench.handle.db, options.connections);
  const shoe = ((await app.inject({ url: '/api/shoes?limit=1' })).json() as { _id: string }[])[0]!;
  await app.close();
  await bench.handOver();
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
  for (const way of ways) {
    const dataDir = dataDirOf(way);
    const tracing: Record<string, string> =
      way === 'off'
        ? {}
        : { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_SERVICE_NAME: 'sneaker-shop-bench' };
    shops.set(way, await startShopProcess({ ...shopEnv, DATA_DIR: dataDir, ...tracing, ...WAYS[way] }));
  }
  const loads = {
    'GET /api/shoes/{id} cached': (address: string) =>
      load(`${address}/api/shoes/${shoe._id}`, {
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
  // Unmeasured first: the JIT's warm-up is not tracing's cost.
  for (const shop of shops.values()) await loads['GET /api/shoes/{id} cached'](shop.address);
  const totals = new Map<string, { cpuSeconds: number; requests: number; seconds: number; errors: number }>();
  for (let round = 1; round <= options.rounds; round += 1) {
    for (const [route, run] of Object.entries(loads)) {
      for (const way of ways) {
        const shop = shops.get(way)!;
        const started = performance.now();
        const { result, cpu } = await measureCpu([shop.pid], () => run(shop.address));
        if (!cpu) throw new Error('CPU time per process needs Linux (/proc)');
        const seconds = (performance.now() - started) / 1000;
        const key = `${route}|${way}`;
        const total = totals.get(key) ?? { cpuSeconds: 0, requests: 0, seconds: 0, errors: 0 };
        total.cpuSeconds += cpu.servers * seconds;
        total.requests += result.requestsPerSecond * options.seconds;
        total.seconds += options.seconds;
        total.errors += result.errors;
        totals.set(key, total);
        console.log(
          `round ${round}, ${route}, tracing ${way}: ${Math.round(result.requestsPerSecond)} req/s, ` +
            `${((cpu.servers * 1000) / result.requestsPerSecond).toFixed(3)} CPU ms/req, errors ${result.errors}`,
        );
      }
    }
  }
  for (const shop of shops.values()) await shop.stop();
  const { spans, exports } = sink.counts();
  await sink.close();
  await bench.dispose();
  for (const way of ways)
    if (dataDirOf(way) !== bench.dataDir) fs.rmSync(dataDirOf(way), { recursive: true, force: true });

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
        return {
          route,
          tracing: way,
          requests: Math.round(figure.requests),
          'req/s': Math.round(figure.requests / figure.seconds),
          errors: figure.errors,
          'CPU ms/req': figure.cpuMs.toFixed(3),
          'vs off': `${((figure.cpuMs / perRequest(route, 'off').cpuMs - 1) * 100).toFixed(1)}%`,
        };
      }),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
