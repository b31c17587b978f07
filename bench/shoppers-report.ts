import os from 'node:os';
import type { CheckoutLoop } from './checkout-loop.js';
import { measureCpu } from './cpu.js';
import type { BenchOptions } from './options.js';
import { saveResult } from './results.js';
import { CHECKOUT_ONE_IN, runShoppers, STEPS, type ShopperCatalogue } from './shoppers.js';

/** Runs the shoppers (bench/shoppers.ts) on the shop at `address`, prints and saves the figures. */
export async function reportShoppers(input: {
  options: BenchOptions;
  address: string;
  shopPid: number;
  checkout: CheckoutLoop;
  catalogue: ShopperCatalogue;
  shoes: number;
  started: number;
}): Promise<void> {
  const { options } = input;
  const shoppers = options.connections;
  console.log(`${shoppers} shoppers for ${options.seconds} s (one in ${CHECKOUT_ONE_IN} visits pays)...`);
  const { result, cpu } = await measureCpu([input.shopPid], () =>
    runShoppers({
      address: input.address,
      shoppers,
      seconds: options.seconds,
      catalogue: input.catalogue,
      checkout: input.checkout,
    }),
  );
  const errors = STEPS.reduce((sum, step) => sum + result.steps[step].errors, 0);
  console.table(
    STEPS.map((step) => {
      const figures = result.steps[step];
      return {
        step,
        requests: figures.count,
        'req/s': Math.round(figures.count / result.seconds),
        'p50 ms': figures.p50,
        'p95 ms': figures.p95,
        'p99 ms': figures.p99,
        errors: figures.errors,
        statuses:
          Object.entries(figures.statuses)
            .map(([code, count]) => `${code}:${count}`)
            .join(' ') || '',
      };
    }),
  );
  const shopCpuMsPerRequest = cpu ? (cpu.servers * 1000 * result.seconds) / result.requests : undefined;
  console.log(
    `${input.shoes} shoes on ${options.db}, ${os.cpus().length} CPUs: ${Math.round(result.requests / result.seconds)} req/s, ` +
      `${(result.visits / result.seconds).toFixed(1)} visits/s, ${errors} errors` +
      (cpu
        ? `; cores used: shop ${cpu.servers.toFixed(2)}, load generator ${cpu.loadGenerator.toFixed(2)}, rest (database...) ${cpu.rest.toFixed(2)}; ` +
          `shop CPU ${shopCpuMsPerRequest!.toFixed(2)} ms a request`
        : ''),
  );
  saveResult(`shoppers / ${options.shoes ?? 'demo'} shoes / ${options.db}`, {
    date: new Date().toISOString(),
    database: options.db,
    shoes: input.shoes,
    cpus: os.cpus().length,
    shoppers,
    seconds: options.seconds,
    checkoutOneIn: CHECKOUT_ONE_IN,
    requestsPerSecond: result.requests / result.seconds,
    visitsPerSecond: result.visits / result.seconds,
    errors,
    cpu,
    shopCpuMsPerRequest,
    steps: result.steps,
    totalSeconds: (Date.now() - input.started) / 1000,
  });
}
