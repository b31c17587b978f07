import crypto from 'node:crypto';
import os from 'node:os';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { ORIGIN, prepareCheckoutLoop } from './checkout-loop.js';
import { measureCpu, type CpuShares } from './cpu.js';
import type { BenchDatabase } from './database.js';
import { startInstances, type Instance } from './instances.js';
import { load, uncachedPath, type LoadFigures } from './load.js';
import type { BenchOptions } from './options.js';
import { saveResult } from './results.js';
import { benchScenarios, type Scenario } from './scenarios.js';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Unmeasured load on every instance before each row, so neither side of the comparison runs cold. */
const WARM_UP_SECONDS = 1;
const SETTLE_MS = 3_000;

type Measured = LoadFigures & { cpu?: CpuShares };

interface InstancesRow {
  route: string;
  connections: number;
  one: Measured;
  many: Measured;
  /** req/s on N instances ÷ req/s on one. */
  ratio: number;
}

/**
 * `npm run bench -- --instances N`: N server processes on the bench's PostgreSQL database (seeded
 * and migrated already), sharing Redis (rate limits) and SESSION_SECRET as a deployment behind a
 * load balancer does. For each route, after a warm-up, one autocannon run spreads the connections
 * over the N instances (connection i to instance i mod N; req/s summed, latencies merged), then
 * the same load goes to instance 1 alone (the others idle). Both runs use the same processes,
 * interleaved row by row, so drift on a shared machine hits both sides alike.
 */
export async function benchInstances(
  options: BenchOptions & { instances: number },
  bench: BenchDatabase,
  started: number,
): Promise<void> {
  const count = options.instances;
  const env: Record<string, string> = {
    DATABASE_URL: bench.url!,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    // The checkout loop sends each request "from" its own address (see checkout-loop.ts).
    TRUST_PROXY: 'true',
    // The loop's writes carry this Origin; and the loop's sessions must be valid on every instance.
    PUBLIC_URL: ORIGIN,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    // Else the first instance creates the administrator with a random password, and prints it.
    ADMIN_PASSWORD: crypto.randomBytes(18).toString('base64url'),
    REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    REDIS_KEY_PREFIX: `shop-bench-${process.pid}-${Date.now()}:`,
  };

  // The shoppers of the checkout loop are signed up through an in-process app on the same
  // database and secret, which is closed before any load.
  const app = await buildApp({
    config: loadConfig({ ...env, DATA_DIR: bench.dataDir }),
    database: bench.handle,
    logger: false,
  });
  const checkout = await prepareCheckoutLoop(app, bench.handle.db, options.connections);
  const shoeId = ((await app.inject({ url: '/api/shoes?limit=1' })).json() as { _id: string }[])[0]!._id;
  await app.close();

  const scenarios: Scenario[] = [
    { route: 'baseline GET /api/health (no database)', path: '/api/health' },
    ...benchScenarios(shoeId, checkout),
  ].filter((scenario) => !options.only || scenario.route.includes(options.only));

  console.log(`Starting ${count} server processes on PostgreSQL (Redis prefix ${env.REDIS_KEY_PREFIX})...`);
  const instances = await startInstances(count, env);
  const pids = instances.list.map((instance) => instance.child.pid!);
  const rows: InstancesRow[] = [];
  // Other work on the machine skews the figures: the 1-minute load average says how busy it was.
  const loadAverage = { start: os.loadavg()[0]!, end: 0 };
  try {
    for (const scenario of scenarios) {
      const connections = scenario.connections ?? options.connections;
      if (connections < count) {
        console.log(
          `  ${scenario.route}: skipped (${connections} connection(s) cannot spread over ${count})`,
        );
        continue;
      }
      const target = scenario.load?.uniqueUrls ? uncachedPath(scenario.path) : scenario.path;
      const urls = instances.list.map((instance) => `${instance.url}${target}`);
      const run = (url: string | string[], seconds: number) =>
        load(url, { connections, seconds, ...scenario.load });
      const measure = async (url: string | string[]): Promise<Measured> => {
        const { result, cpu } = await measureCpu(pids, () => run(url, options.seconds));
        return { ...result, cpu };
      };
      await run(urls, WARM_UP_SECONDS);
      const many = await measure(urls);
      const one = await measure(urls[0]!);
      const row = {
        route: scenario.route,
        connections,
        one,
        many,
        ratio: many.requestsPerSecond / one.requestsPerSecond,
      };
      rows.push(row);
      console.log(
        `  ${row.route}: 1 instance ${Math.round(one.requestsPerSecond)} req/s (p99 ${one.p99} ms), ` +
          `${count} instances ${Math.round(many.requestsPerSecond)} req/s (p99 ${many.p99} ms), ×${row.ratio.toFixed(2)}`,
      );
    }
  } finally {
    loadAverage.end = os.loadavg()[0]!;
    // Requests cut off when a run ends (autocannon closes its sockets) are still being served:
    // let them finish, so that what the servers log is about the load and not about the SIGTERM.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await instances.stop();
    printLogs(instances.list);
  }

  printTable(rows, count, options);
  console.log(
    `Load average (1 min) when the load started: ${loadAverage.start.toFixed(2)}; at the end: ${loadAverage.end.toFixed(2)}.`,
  );
  saveResult(`postgres-${options.shoes ?? 'demo'}-${count}instances`, {
    date: new Date().toISOString(),
    database: 'postgres',
    instances: count,
    cpus: os.cpus().length,
    connections: options.connections,
    seconds: options.seconds,
    warmUpSeconds: WARM_UP_SECONDS,
    loadAverage,
    totalSeconds: (Date.now() - started) / 1000,
    rows,
  });
}

function printTable(rows: InstancesRow[], count: number, options: BenchOptions) {
  const cpus = os.cpus().length;
  console.log(
    `\n${count} instances against 1, PostgreSQL, ${options.seconds} s per run (after a ${WARM_UP_SECONDS} s warm-up). ` +
      `This machine has ${cpus} CPU(s), shared by the ${count} server processes, PostgreSQL, Redis and ` +
      'autocannon itself (one process, up to a core): the ratio is what this machine allows, not what ' +
      `${count} machines would give. "cores gen/srv/rest": cores busy during the 1-instance | ${count}-instance ` +
      'run, for the load generator (this process), the servers together, and the rest (PostgreSQL, Redis, ' +
      'anything else running on the machine).',
  );
  const codes = (figures: LoadFigures) =>
    Object.entries(figures.non2xx)
      .map(([code, number]) => `${code}:${number}`)
      .join(' ') || 0;
  const cores = (cpu?: CpuShares) =>
    cpu ? [cpu.loadGenerator, cpu.servers, cpu.rest].map((n) => n.toFixed(2)).join('/') : '?';
  console.table(
    rows.map((row) => ({
      route: row.route,
      conn: row.connections,
      '1 inst req/s': Math.round(row.one.requestsPerSecond),
      [`${count} inst req/s`]: Math.round(row.many.requestsPerSecond),
      [`${count}/1`]: row.ratio.toFixed(2),
      '1 inst p99 ms': row.one.p99,
      [`${count} inst p99 ms`]: row.many.p99,
      'non-2xx 1 / N': `${codes(row.one)} / ${codes(row.many)}`,
      'errors 1 / N': `${row.one.errors} / ${row.many.errors}`,
      'cores gen/srv/rest 1 | N': `${cores(row.one.cpu)} | ${cores(row.many.cpu)}`,
    })),
  );
}

/** What the servers printed at LOG_LEVEL=warn (the last lines), so failures under load are seen. */
function printLogs(list: Instance[]) {
  list.forEach((instance, i) => {
    const lines = instance.output().trim().split('\n').filter(Boolean);
    if (lines.length === 0) return;
    console.log(`Instance ${i + 1} logged (last ${Math.min(lines.length, 5)} lines):`);
    for (const line of lines.slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  });
}
