/**
 * `npm run bench [-- --shoes N --db pglite|postgres --seconds N --connections N --only TEXT
 * --log-level L]`: load figures for the shop's main routes, the shop in a process of its own
 * (bench/shop-server.ts, logging at `info` as `npm start` does unless told), each next to a baseline
 * route of the same server that answers, from memory, a constant JSON of the same size, and next to
 * a bare Fastify process answering the very same bytes (bench/bare-server.ts), so the ratios mean
 * something on a noisy shared machine; with the shop's CPU time per request. `--instances N`
 * (PostgreSQL only) instead spawns N server processes and compares their throughput with one's
 * (bench/multi-load.ts). `--scenario shoppers` runs virtual shoppers through a visit
 * (bench/shoppers.ts); `--scenario tracing [--rounds N]` compares the shop with tracing off and on
 * (bench/tracing.ts); `--scenario also-like` the "You may also like" rows on 1,000,000 paid order lines
 * (bench/orders.ts, `--order-lines N`); `--scenario draw [--entries N]` a drop's draw (bench/draw.ts);
 * `--scenario drop [--shoppers N]` a first-come drop's crowd on two instances (bench/drop.ts). Measures
 * and prints; asserts nothing.
 * See docs/performance.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { ensureWebBuild } from '../src/server/build/web-build.js';
import { loadConfig, ROOT_DIR } from '../src/server/config.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { createDiskImageStore } from '../src/server/storage/image-store.js';
import { createBenchCatalogue } from './catalogue.js';
import { openBenchDatabase } from './database.js';
import { load, uncachedPath, type LoadFigures } from './load.js';
import { benchInstances } from './multi-load.js';
import { parseOptions } from './options.js';
import { saveResult } from './results.js';
import { benchScenarios } from './scenarios.js';
import { startBareBaseline } from './bare-baseline.js';
import { ORIGIN, prepareCheckoutLoop } from './checkout-loop.js';
import { measureCpu } from './cpu.js';
import { startShopProcess } from './shop-process.js';
import { shopperCatalogue } from './shoppers.js';
import { reportShoppers } from './shoppers-report.js';
import { benchTracing } from './tracing.js';
import { createBenchOrders } from './orders.js';
import { benchDraw } from './draw.js';
import { benchDrop } from './drop.js';

interface Row extends LoadFigures {
  route: string;
  connections: number;
  /** The same server's in-memory route answering a constant body of the same size. */
  baselineRequestsPerSecond: number;
  ratio: number;
  /** A bare Fastify process answering the very same bytes (bench/bare-server.ts). */
  bareRequestsPerSecond: number;
  bareRatio: number;
  /** The shop process's CPU time per request (ms), from /proc: what capacity planning counts. */
  shopCpuMsPerRequest?: number;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  // A drop's draw (bench/draw.ts) needs no catalogue and no HTTP load: its own database and timing.
  if (options.scenario === 'draw') return benchDraw(options.entries);
  // A first-come drop (bench/drop.ts): its own database, two spawned instances and its own crowd.
  if (options.scenario === 'drop') return benchDrop(options.shoppers);
  const started = Date.now();
  const bench = await openBenchDatabase(options.db);
  const shopEnv = {
    DATA_DIR: bench.dataDir,
    ...(bench.url ? { DATABASE_URL: bench.url } : {}),
    // The checkout loop sends each request "from" its own address (see checkout-loop.ts).
    TRUST_PROXY: 'true',
    PUBLIC_URL: ORIGIN,
    SEED: 'none' as const,
    // The loop's sessions, signed in beforehand, must be valid in the shop's process.
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
  const config = loadConfig({}, { ...shopEnv, LOG_LEVEL: 'warn' });
  if (!fs.existsSync(path.join(config.webDistDir, 'index.html')))
    ensureWebBuild(ROOT_DIR, config.webDistDir, (message) => console.log(message));
  await migrateDatabase(bench.handle);
  const catalogueStarted = Date.now();
  const catalogue = await createBenchCatalogue(
    bench.handle.db,
    createDiskImageStore(config.uploadsDir),
    options.shoes,
  );
  const catalogueSeconds = (Date.now() - catalogueStarted) / 1000;
  console.log(
    `Catalogue: ${catalogue.shoes} shoes, ${catalogue.brands} brands on ${options.db} in ${catalogueSeconds.toFixed(1)} s`,
  );
  let alsoLike;
  if (options.orderLines) {
    const ordersStarted = Date.now();
    alsoLike = await createBenchOrders(bench.handle.db, options.orderLines);
    console.log(
      `Orders: ${alsoLike.orders} orders, ${alsoLike.lines} lines, ${alsoLike.pairs} co-purchase rows in ` +
        `${((Date.now() - ordersStarted) / 1000).toFixed(1)} s`,
    );
  }
  if (options.instances) {
    try {
      await benchInstances({ ...options, instances: options.instances }, bench, started);
    } finally {
      await bench.dispose();
    }
    return;
  }

  // The checkout loop's shoppers are signed up through an in-process app on the same database and
  // secret, closed before the shop's own process opens the database.
  const app = await buildApp({ config, database: bench.handle, logger: false });
  const checkout = await prepareCheckoutLoop(app, bench.handle.db, options.connections);
  const anyShoe = ((await app.inject({ url: '/api/shoes?limit=1' })).json() as { _id: string }[])[0]!;
  const scenarios = benchScenarios(anyShoe._id, checkout, options.only, alsoLike);
  const shopperCatalogueDrawn =
    options.scenario === 'shoppers' ? await shopperCatalogue(bench.handle.db) : undefined;
  await app.close();
  await bench.handOver();
  if (options.scenario === 'tracing') {
    try {
      await benchTracing({ options, bench, shopEnv, checkout, shoeId: anyShoe._id });
    } finally {
      await bench.dispose();
    }
    return;
  }
  const shop = await startShopProcess({ ...shopEnv, LOG_LEVEL: options.logLevel });
  const address = shop.address;
  if (shopperCatalogueDrawn) {
    try {
      await reportShoppers({
        options,
        address,
        shopPid: shop.pid,
        checkout,
        catalogue: shopperCatalogueDrawn,
        shoes: catalogue.shoes,
        started,
      });
    } finally {
      await shop.stop();
      await bench.dispose();
    }
    return;
  }

  const rows: Row[] = [];
  const baselineCache = new Map<string, LoadFigures>();
  const bare = await startBareBaseline();
  const bareCache = new Map<string, LoadFigures>();
  for (const scenario of scenarios) {
    const connections = scenario.connections ?? options.connections;
    const sample =
      scenario.baselineBody === undefined ? await fetch(`${address}${scenario.path}`) : undefined;
    const bytes = sample
      ? Buffer.from(await sample.arrayBuffer())
      : Buffer.from(scenario.baselineBody ?? '', 'utf8');
    const body = bytes.toString('utf8');
    const key = `${body.length}-${connections}`;
    let baseline = baselineCache.get(key);
    if (!baseline) {
      baseline = await load(await shop.baseline(key, body), { connections, seconds: options.seconds });
      baselineCache.set(key, baseline);
    }
    // The same bytes and content type, from a process that does nothing else.
    const bareKey = `${scenario.path}-${connections}`;
    let bareFigures = bareCache.get(bareKey);
    if (!bareFigures) {
      const type = sample?.headers.get('content-type') ?? 'application/json; charset=utf-8';
      const url = await bare.serve(bareKey, bytes, type);
      bareFigures = await load(url, { connections, seconds: options.seconds });
      bareCache.set(bareKey, bareFigures);
    }
    const target = scenario.load?.uniqueUrls ? uncachedPath(scenario.path) : scenario.path;
    const { result: measured, cpu } = await measureCpu([shop.pid], () =>
      load(`${address}${target}`, { connections, seconds: options.seconds, ...scenario.load }),
    );
    const row: Row = {
      route: scenario.route,
      connections,
      ...measured,
      baselineRequestsPerSecond: baseline.requestsPerSecond,
      ratio: measured.requestsPerSecond / baseline.requestsPerSecond,
      bareRequestsPerSecond: bareFigures.requestsPerSecond,
      bareRatio: measured.requestsPerSecond / bareFigures.requestsPerSecond,
      shopCpuMsPerRequest: cpu ? (cpu.servers * 1000) / measured.requestsPerSecond : undefined,
    };
    rows.push(row);
    console.log(
      `  ${row.route}: ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99} ms, ratio ${row.ratio.toFixed(2)}, ` +
        `vs bare Fastify ${row.bareRatio.toFixed(3)}`,
    );
  }
  await bare.stop();
  await shop.stop();

  console.log(
    `\n${catalogue.shoes} shoes on ${options.db}, ${options.seconds} s per route, ${os.cpus().length} CPUs. ` +
      '"cached" repeats one URL (the 5 s catalogue cache answers); "uncached" adds ?bench=<unique id> ' +
      'to every request so the cache always misses and the query runs.',
  );
  console.table(
    rows.map((row) => ({
      route: row.route,
      conn: row.connections,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'non-2xx':
        Object.entries(row.non2xx)
          .map(([code, count]) => `${code}:${count}`)
          .join(' ') || 0,
      errors: row.errors,
      'baseline req/s': Math.round(row.baselineRequestsPerSecond),
      ratio: row.ratio.toFixed(2),
      'bare req/s': Math.round(row.bareRequestsPerSecond),
      'vs bare': row.bareRatio.toFixed(3),
      'shop CPU ms/req': row.shopCpuMsPerRequest?.toFixed(3) ?? '',
    })),
  );

  saveResult(`${options.shoes ?? 'demo'} shoes / ${options.db}`, {
    date: new Date().toISOString(),
    database: options.db,
    shoes: catalogue.shoes,
    cpus: os.cpus().length,
    connections: options.connections,
    seconds: options.seconds,
    catalogueSeconds,
    totalSeconds: (Date.now() - started) / 1000,
    rows,
  });

  await bench.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
