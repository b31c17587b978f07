import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentMethodBody } from '../fixtures/payment.js';
import { startPrometheus, type Prometheus } from './support/prometheus.js';
import { freePort, killServers, shopClient, sleep, startServer } from './support/server-process.js';

/**
 * A real Prometheus (Debian's package) scrapes `npm start` every second, on both ways /metrics is
 * served: its own port (METRICS_PORT) and the main port with the bearer token (METRICS_TOKEN).
 * After a listing, a paid checkout and a declined one, the test asks Prometheus's HTTP API for the
 * shop's series: the route duration histogram, checkouts by outcome with their counts, and the
 * payment provider's latency.
 */
const TOKEN = 'prometheus-test-token-0123456789';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prometheus-'));
let prometheus: Prometheus | undefined;

afterAll(async () => {
  await prometheus?.stop();
  killServers();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Asks `promql` until `accept` takes its answer, polling every 500 ms up to an overall limit. */
async function eventually(
  promql: string,
  accept: (rows: { metric: Record<string, string>; value: number }[]) => boolean,
) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await prometheus!.query(promql);
    if (accept(rows)) return rows;
    if (Date.now() > deadline)
      throw new Error(
        `${promql} never matched; last answer ${JSON.stringify(rows)}\n${prometheus!.output()}`,
      );
    await sleep(500);
  }
}

const single = (rows: { value: number }[]) => (rows.length === 1 ? rows[0]!.value : undefined);

describe('Prometheus scraping the shop', () => {
  it(
    'finds the request histogram, checkouts by outcome and the provider latency',
    { timeout: 360_000 },
    async () => {
      const metricsPort = await freePort();
      const shop = await startServer(
        {
          DATA_DIR: path.join(dir, 'shop'),
          METRICS_PORT: String(metricsPort),
          METRICS_TOKEN: TOKEN,
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'warn',
        },
        // Seeding the demo catalogue on a loaded machine can take a minute or more.
        { readyPath: '/api/shoes?limit=1', timeoutMs: 180_000 },
      );
      const tokenFile = path.join(dir, 'token');
      fs.writeFileSync(tokenFile, TOKEN);
      prometheus = await startPrometheus(
        dir,
        [
          `  - job_name: shop`,
          `    static_configs: [{ targets: ['127.0.0.1:${metricsPort}'] }]`,
          `  - job_name: shop-bearer`,
          `    authorization: { type: Bearer, credentials_file: '${tokenFile}' }`,
          `    static_configs: [{ targets: ['127.0.0.1:${shop.port}'] }]`,
          '',
        ].join('\n'),
      );

      // Traffic: a listing, a shopper, one paid checkout and one declined.
      const send = shopClient(shop.base);
      const list = await send('GET', '/api/shoes?limit=20');
      expect(list.status).toBe(200);
      const shoes = list.json() as {
        _id: string;
        price: number;
        stock: { size: string; quantity: number }[];
      }[];
      const shoe = shoes.find((candidate) => candidate.stock.some((entry) => entry.quantity >= 2))!;
      const size = shoe.stock.find((entry) => entry.quantity >= 2)!.size;
      const signedUp = await send('POST', '/api/account/sign-up', {
        email: `prometheus.${Date.now()}@example.com`,
        password: 'secret123',
      });
      expect(signedUp.status, signedUp.text).toBe(200);
      const pay = async (number: string) => {
        const method = await send(
          'POST',
          '/api/payments/methods',
          paymentMethodBody({ number }),
          signedUp.cookie,
        );
        expect(method.status, method.text).toBe(200);
        return send(
          'POST',
          '/api/cart/checkout',
          {
            id: method.json().id,
            shoes: [{ _id: shoe._id, size, quantity: 1 }],
            amount: Math.round(shoe.price * 100),
          },
          signedUp.cookie,
        );
      };
      expect((await pay('4242424242424242')).status).toBe(200);
      expect((await pay('4000000000000002')).status).toBe(402);

      for (const job of ['shop', 'shop-bearer']) {
        // Both targets up: the bearer job authenticated.
        await eventually(`up{job="${job}"}`, (rows) => single(rows) === 1);
        await eventually(
          `sum(shop_http_request_duration_seconds_count{job="${job}",route="/api/shoes",method="GET",status_class="2xx"})`,
          (rows) => (single(rows) ?? 0) >= 1,
        );
        await eventually(
          `sum(shop_checkouts_total{job="${job}",outcome="paid"})`,
          (rows) => single(rows) === 1,
        );
        await eventually(
          `sum(shop_checkouts_total{job="${job}",outcome="refused",reason="card_declined"})`,
          (rows) => single(rows) === 1,
        );
        await eventually(
          `sum by (result) (shop_payment_provider_duration_seconds_count{job="${job}",operation="charge"})`,
          (rows) =>
            rows.length === 2 &&
            rows.find((row) => row.metric.result === 'ok')?.value === 1 &&
            rows.find((row) => row.metric.result === 'refused')?.value === 1,
        );
      }
      // The histograms answer a quantile, as the alert rules ask them (ops/prometheus/alerts.yml).
      const p99 = await eventually(
        'histogram_quantile(0.99, sum by (le) (rate(shop_http_request_duration_seconds_bucket{job="shop"}[1m])))',
        (rows) => rows.length === 1 && Number.isFinite(rows[0]!.value),
      );
      expect(p99[0]!.value).toBeGreaterThan(0);
      await eventually('nodejs_eventloop_lag_seconds{job="shop"}', (rows) => rows.length === 1);
      await eventually('shop_mail_outbox_backlog{job="shop"}', (rows) => rows.length === 1);
    },
  );
});
