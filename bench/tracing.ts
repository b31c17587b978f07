/**
 * `npm run bench:tracing [-- --db pglite|postgres --seconds 10 --connections 10 --rounds 3]`: what
 * OpenTelemetry tracing costs (issue 34 item 2, goal: under 10% more CPU per request). The shop runs
 * in a process of its own (bench/shop-server.ts) three ways: tracing off (no endpoint), on (every
 * request traced, exported over OTLP/HTTP to a sink in this process that reads and counts the spans),
 * and on with 1 trace in 10 (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1). Each way is loaded
 * with a cached answer (GET /api/shoes/{id}) and the checkout loop (bench/checkout-loop.ts); the
 * figure is the shop process's CPU time (from /proc) per request answered. The ways are run in
 * turn, `--rounds` times, so drift on a shared machine falls on all of them; the best round of each
 * is kept. Measures and prints; asserts nothing. docs/performance.md, "Tracing".
 */
import crypto from 'node:crypto';
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
import { startShopProcess } from './shop-process.js';

interface Options {
  db: 'pglite' | 'postgres';
  seconds: number;
  connections: number;
  rounds: number;
}

function parse(argv: string[]): Options {
  const options: Options = { db: 'pglite', seconds: 10, connections: 10, rounds: 3 };
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

interface Figure {
  requestsPerSecond: number;
  cpuMsPerRequest: number;
}

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

  const rows: Record<Way, Record<string, Figure[]>> = { off: {}, on: {}, '1 in 10': {} };
  for (let round = 1; round <= options.rounds; round += 1) {
    for (const way of Object.keys(WAYS) as Way[]) {
      const tracing: Record<string, string> =
        way === 'off'
          ? {}
          : { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_SERVICE_NAME: 'sneaker-shop-bench' };
      const shop = await startShopProcess({ ...shopEnv, ...tracing, ...WAYS[way] });
      const loads = {
        'GET /api/shoes/{id} cached': () =>
          load(`${shop.address}/api/shoes/${shoe._id}`, {
            connections: options.connections,
            seconds: options.seconds,
          }),
        'checkout loop (pay method + checkout)': () =>
          load(`${shop.address}/api/cart/checkout`, {
            connections: options.connections,
            seconds: options.seconds,
            requests: checkout.requests,
            setupClient: checkout.setupClient,
          }),
      };
      // Unmeasured first: the JIT's warm-up is not tracing's cost.
      await load(`${shop.address}/api/shoes/${shoe._id}`, { connections: options.connections, seconds: 3 });
      for (const [route, run] of Object.entries(loads)) {
        const { result, cpu } = await measureCpu([shop.pid], run);
        if (!cpu) throw new Error('CPU time per process needs Linux (/proc)');
        const figure = {
          requestsPerSecond: result.requestsPerSecond,
          cpuMsPerRequest: (cpu.servers * 1000) / result.requestsPerSecond,
        };
        (rows[way][route] ??= []).push(figure);
        console.log(
          `round ${round}, tracing ${way}, ${route}: ${Math.round(figure.requestsPerSecond)} req/s, ` +
            `${figure.cpuMsPerRequest.toFixed(3)} CPU ms/req, non-2xx ${JSON.stringify(result.non2xx)}, ` +
            `errors and timeouts ${result.errors}`,
        );
      }
      await shop.stop();
    }
  }
  const { spans, exports } = sink.counts();
  await sink.close();
  await bench.dispose();

  const best = (figures: Figure[]) =>
    figures.reduce((a, b) => (a.cpuMsPerRequest <= b.cpuMsPerRequest ? a : b));
  console.log(
    `\nTracing's cost on ${options.db}, ${options.connections} connections, ${options.seconds} s a load, ` +
      `best of ${options.rounds} rounds; the sink read ${spans} spans in ${exports} exports.`,
  );
  console.table(
    Object.keys(rows.off).flatMap((route) =>
      (Object.keys(WAYS) as Way[]).map((way) => {
        const figure = best(rows[way][route]!);
        const off = best(rows.off[route]!);
        return {
          route,
          tracing: way,
          'req/s': Math.round(figure.requestsPerSecond),
          'CPU ms/req': figure.cpuMsPerRequest.toFixed(3),
          'vs off': `${((figure.cpuMsPerRequest / off.cpuMsPerRequest - 1) * 100).toFixed(1)}%`,
        };
      }),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
