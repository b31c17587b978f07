/**
 * `npm run bench [-- --shoes N --db pglite|postgres --seconds N --connections N --only TEXT]`: load
 * figures for the shop's main routes, each next to a baseline route of the same server that answers,
 * from memory, a constant JSON of the same size, and next to a bare Fastify process answering the
 * very same bytes (bench/bare-server.ts), so the ratios mean something on a noisy shared machine. `--instances N` (PostgreSQL only) instead spawns N server processes and compares their
 * throughput with one's (bench/multi-load.ts). Measures and prints; asserts nothing.
 * See docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { ensureWebBuild } from '../src/server/build/web-build.js';
import { loadConfig, ROOT_DIR } from '../src/server/config.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { createDiskImageStore } from '../src/server/storage/image-store.js';
import { createBenchCatalogue } from './catalogue.js';
import { prepareCheckoutLoop } from './checkout-loop.js';
import { openBenchDatabase } from './database.js';
import { load, uncachedPath, type LoadFigures } from './load.js';
import { benchInstances } from './multi-load.js';
import { parseOptions } from './options.js';
import { saveResult } from './results.js';
import { benchScenarios } from './scenarios.js';
import { startBareBaseline } from './bare-baseline.js';

interface Row extends LoadFigures {
  route: string;
  connections: number;
  /** The same server's in-memory route answering a constant body of the same size. */
  baselineRequestsPerSecond: number;
  ratio: number;
  /** A bare Fastify process answering the very same bytes (bench/bare-server.ts). */
  bareRequestsPerSecond: number;
  bareRatio: number;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const bench = await openBenchDatabase(options.db);
  const config = loadConfig(
    {},
    {
      DATA_DIR: bench.dataDir,
      DATABASE_URL: bench.url,
      LOG_LEVEL: 'warn',
      // The checkout loop sends each request "from" its own address (see checkout-loop.ts).
      TRUST_PROXY: 'true',
    },
  );
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
  if (options.instances) {
    try {
      await benchInstances({ ...options, instances: options.instances }, bench, started);
    } finally {
      await bench.dispose();
    }
    return;
  }

  const app = await buildApp({ config, database: bench.handle, logger: false });
  const baselines = new Map<string, string>();
  app.get('/bench/baseline/:name', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(baselines.get((request.params as { name: string }).name) ?? '{}'),
  );
  const checkout = await prepareCheckoutLoop(app, bench.handle.db, options.connections);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const anyShoe = ((await (await fetch(`${address}/api/shoes?limit=1`)).json()) as { _id: string }[])[0]!;
  const scenarios = benchScenarios(anyShoe._id, checkout, options.only);

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
    baselines.set(key, body);
    let baseline = baselineCache.get(key);
    if (!baseline) {
      baseline = await load(`${address}/bench/baseline/${key}`, { connections, seconds: options.seconds });
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
    const measured = await load(`${address}${target}`, {
      connections,
      seconds: options.seconds,
      ...scenario.load,
    });
    const row: Row = {
      route: scenario.route,
      connections,
      ...measured,
      baselineRequestsPerSecond: baseline.requestsPerSecond,
      ratio: measured.requestsPerSecond / baseline.requestsPerSecond,
      bareRequestsPerSecond: bareFigures.requestsPerSecond,
      bareRatio: measured.requestsPerSecond / bareFigures.requestsPerSecond,
    };
    rows.push(row);
    console.log(
      `  ${row.route}: ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99} ms, ratio ${row.ratio.toFixed(2)}, ` +
        `vs bare Fastify ${row.bareRatio.toFixed(3)}`,
    );
  }
  await bare.stop();

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

  await app.close();
  await bench.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
