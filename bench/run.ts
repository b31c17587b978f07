/**
 * `npm run bench`: load figures for the catalogue API, each as a ratio to a
 * baseline route of the same server that answers a constant JSON of the same
 * size, so the numbers mean something on a noisy shared machine. Measures and
 * prints; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { seedDemoCatalogue } from '../src/server/db/seed/seed-demo.js';
import { createDiskImageStore } from '../src/server/storage/image-store.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Row {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  baselineRequestsPerSecond: number;
  ratio: number;
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  await seedDemoCatalogue(database.db, createDiskImageStore(config.uploadsDir));
  const app = await buildApp({ config, database, logger: false });

  // The baseline answers, from memory, a body as large as the route it is compared with.
  const baselines = new Map<string, string>();
  app.get('/bench/baseline/:name', async (request, reply) =>
    reply.type('application/json').send(baselines.get((request.params as { name: string }).name) ?? '{}'),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const anyShoe = (await (await fetch(`${address}/api/shoes?limit=1`)).json())[0];
  const routes = {
    'GET /api/shoes (28)': '/api/shoes?limit=28',
    'GET /api/shoes?name= (typo)': '/api/shoes?name=clod%20runer',
    'GET /api/shoes/{id}': `/api/shoes/${anyShoe._id}`,
    'GET /api/shoes/onSale': '/api/shoes/onSale',
    'GET /api/brands': '/api/brands',
  };

  const rows: Row[] = [];
  for (const [name, route] of Object.entries(routes)) {
    const body = await (await fetch(`${address}${route}`)).text();
    const key = String(rows.length);
    baselines.set(key, body);
    const baseline = await measure(`${address}/bench/baseline/${key}`);
    const measured = await measure(`${address}${route}`);
    rows.push({
      route: name,
      ...measured,
      baselineRequestsPerSecond: baseline.requestsPerSecond,
      ratio: measured.requestsPerSecond / baseline.requestsPerSecond,
    });
  }

  console.table(
    rows.map((row) => ({
      route: row.route,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      errors: row.errors,
      'baseline req/s': Math.round(row.baselineRequestsPerSecond),
      'ratio to baseline': row.ratio.toFixed(2),
    })),
  );
  const results = { date: new Date().toISOString(), database: 'pglite', connections: CONNECTIONS, rows };
  fs.writeFileSync(path.join(import.meta.dirname, 'results.json'), JSON.stringify(results, null, 2));
  console.log('Written to bench/results.json');

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
