import path from 'node:path';
import { z } from 'zod';

/** An address the SDK or a browser can fetch from (`minio:9000` would pass as a URL of scheme `minio:`). */
const httpUrl = z.string().url({ protocol: /^https?$/ });

/** A duration setting: a number and a unit (`90s`, `30m`, `4h`, `1d`). */
const DURATION = /^\d{1,6}(s|m|h|d)$/;
const DURATION_HINT = 'a number and a unit: 90s, 30m, 4h, 1d';
const DURATION_UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration setting in milliseconds (`4h` is 14,400,000). */
export function durationMs(text: string): number {
  return Number(text.slice(0, -1)) * DURATION_UNITS[text.slice(-1) as keyof typeof DURATION_UNITS];
}

/** Environment -> typed configuration, in one place (the README's Configuration). Every variable is optional. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Behind a reverse proxy: 'true', a hop count, or the proxies' addresses (comma-separated).
   * Unset, X-Forwarded-For is ignored, so nobody picks their own address for the rate limits.
   */
  TRUST_PROXY: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Where `npm run backup` writes unless told (`--out`); unset, `backups/` beside DATA_DIR. */
  BACKUP_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Connections each instance keeps to PostgreSQL (docs/performance.md, "Pool size"). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How long a catalogue answer (and a page rendered from it) is reused at most. Writes drop what
   * they change at once, on every instance that hears of them; this bounds what one that did not
   * hear may show.
   */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default('admin@sneakerstreet.test'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sneaker Street <shop@sneakerstreet.test>'),
  CONTACT_TO: z.string().optional(),
  /** Who sells, as the invoice and the packing slip head it (issue 31 item 8). */
  SHOP_NAME: z.string().min(1).max(100).default('Sneaker Street'),
  /** The shop's postal address on invoices (lines separated by "\\n"); unset, the invoice has none. */
  SHOP_ADDRESS: z.string().max(500).optional(),
  /** Where shoppers send returned pairs, as it goes on a parcel (lines may be separated by "\\n"). */
  RETURN_ADDRESS: z.string().max(500).optional(),
  PAYMENTS: z.enum(['test', 'stripe']).default('test'),
  /**
   * Test processor only, for tests and the bench (docs/performance.md): every capture answers after
   * this many milliseconds, like a real provider's round trip. Refused with PAYMENTS=stripe.
   */
  TEST_PAYMENT_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API address; tests point it at a local stand-in. */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * How long one Stripe request may go unanswered, and how often the SDK retries it (same
   * idempotency key). No transaction is open while a capture waits (docs/decisions/031); a checkout's
   * claim still outlasts them all.
   */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(80_000).default(8_000),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Rate-limit counters in this Redis, shared by every instance; unset, each instance counts alone. */
  REDIS_URL: z.string().optional(),
  /** Starts every key the shop writes to Redis, so several shops (or test runs) can share one. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('sneaker-shop:'),
  /**
   * Images in S3-compatible object storage instead of DATA_DIR/uploads, so that several instances
   * share them: on when S3_BUCKET is set. S3_ENDPOINT points at a server other than AWS (MinIO...).
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Bucket in the path, not the host name; unset, true with S3_ENDPOINT (MinIO...) and false on AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** Both or neither: unset, the SDK's default credential chain applies (AWS_* variables, an IAM role). */
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  /** Where browsers fetch the images directly (a CDN, a public bucket); unset, the shop serves /uploads/. */
  S3_PUBLIC_URL: httpUrl.optional(),
  /**
   * On SIGTERM, how long to keep serving with readiness at 503 before closing: long enough for a
   * load balancer's health checks to take the instance out (interval x unhealthy threshold).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /**
   * The HTTP server's timeouts (httpTimeoutsOf below; the README's Configuration). How long a whole
   * request (headers and body) may take to arrive; 0 for no limit.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  /** How long a connection may stay silent, in either direction; unset, see httpTimeoutsOf. */
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  /** How long an idle keep-alive connection stays open: longer than a proxy's idle timeout upstream. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(72_000),
  /** Webhooks (docs/operations.md "Webhooks"): how long a receiver may take to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long a delivery is retried before it is failed. */
  WEBHOOK_RETRY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  /** The waits between attempts, in ms, comma-separated (the last repeats); unset: 10 s, 30 s, 2 min ... 8 h. */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/)
    .optional(),
  /** Hosts or CIDRs receivers may be at although private or loopback (comma-separated). */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  /**
   * Abandoned-cart reminders (docs/operations.md "Cart reminders", docs/decisions/029): a signed-in
   * shopper's cart untouched this long gets one reminder; the optional second (turned on in the admin
   * panel) this long after the last touch; due carts are looked for this often. A number and a unit
   * (`90s`, `30m`, `4h`, `1d`), read by durationMs.
   */
  CART_REMINDER_AFTER: z.string().regex(DURATION, DURATION_HINT).default('4h'),
  CART_REMINDER_SECOND_AFTER: z.string().regex(DURATION, DURATION_HINT).default('24h'),
  CART_REMINDER_SCAN_EVERY: z.string().regex(DURATION, DURATION_HINT).default('5m'),
  /**
   * Favorite alerts (issue 35 item 3, docs/mails.md): a shopper's favorites that change within this
   * window of the first go in one mail, sent when it has passed (`0s`: at once).
   */
  FAVORITE_ALERT_WINDOW: z.string().regex(DURATION, DURATION_HINT).default('2m'),
  /** A sale leaving a size at or below this many pairs sends stock.low; 0: never. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000).default(2),
  /**
   * Prometheus metrics (docs/operations.md, "Metrics"), off unless one is set: /metrics on a
   * listener of its own at METRICS_HOST:METRICS_PORT, and/or on the main port behind
   * `Authorization: Bearer <METRICS_TOKEN>`.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Serve the web app from another build directory (previews of a work in progress). */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** Settings that mean nothing without S3_BUCKET: set alone, they are a forgotten bucket, not the disk. */
const S3_ONLY_SETTINGS = [
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'S3_PUBLIC_URL',
] as const;

const checkedEnvSchema = envSchema
  .refine((env) => env.PAYMENTS !== 'stripe' || Boolean(env.STRIPE_SECRET_KEY), {
    message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((env) => env.PAYMENTS === 'test' || env.TEST_PAYMENT_LATENCY_MS === 0, {
    message: 'TEST_PAYMENT_LATENCY_MS is for the test processor (PAYMENTS=test) only',
    path: ['TEST_PAYMENT_LATENCY_MS'],
  })
  .refine((env) => Boolean(env.S3_BUCKET) || !S3_ONLY_SETTINGS.some((name) => env[name]), {
    message: 'S3 settings need S3_BUCKET (unset them all to keep images on disk)',
    path: ['S3_BUCKET'],
  })
  .refine((env) => !env.S3_ACCESS_KEY || Boolean(env.S3_SECRET_KEY), {
    message: 'S3_ACCESS_KEY needs S3_SECRET_KEY (set neither for the AWS default credentials)',
    path: ['S3_SECRET_KEY'],
  })
  .refine((env) => !env.S3_SECRET_KEY || Boolean(env.S3_ACCESS_KEY), {
    message: 'S3_SECRET_KEY needs S3_ACCESS_KEY (set neither for the AWS default credentials)',
    path: ['S3_ACCESS_KEY'],
  });

export interface Config extends Env {
  /** Absolute data directory: PGlite files, uploads, generated secrets. */
  dataDir: string;
  uploadsDir: string;
  /** Built web app; served when present. */
  webDistDir: string;
}

// Two levels up from src/server/config.ts, and from the bundle's dist/server/main.js alike.
export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  // Empty variables mean "not set", as in most twelve-factor setups.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = checkedEnvSchema.safeParse({ ...present, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const dataDir = path.resolve(ROOT_DIR, parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDistDir: parsed.data.WEB_DIST_DIR
      ? path.resolve(ROOT_DIR, parsed.data.WEB_DIST_DIR)
      : path.join(ROOT_DIR, 'dist', 'web'),
  };
}

/** The most Stripe requests one checkout makes one after another: prepare, charge, cancel, retrieve, refund. */
const STRIPE_CALLS_PER_CHECKOUT = 5;

/**
 * The HTTP server's timeouts, as Fastify takes them (docs/deployment.md, "Timeouts"):
 * - requestTimeout: the whole request must arrive within it (2 minutes: a 10 MB image at about
 *   0.7 Mbit/s), so a client that trickles bytes cannot hold a connection for ever;
 * - connectionTimeout: a socket silent for that long is closed. A handler that waits says nothing,
 *   so it must outlast the longest wait: a checkout whose Stripe calls all time out (each
 *   STRIPE_TIMEOUT_MS, tried 1 + STRIPE_MAX_NETWORK_RETRIES times), during which, on PGlite, other
 *   requests wait for the database too. By default 90 s, or that wait plus 10 s when longer;
 * - keepAliveTimeout: an idle keep-alive connection is closed after it (72 s, Fastify's default):
 *   longer than the idle timeout of the proxy in front (60 s for nginx's upstream keepalive and
 *   AWS load balancers), so the proxy never sends a request on a connection the app is closing.
 */
export function httpTimeoutsOf(config: Env): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
} {
  const stripeWait =
    STRIPE_CALLS_PER_CHECKOUT * config.STRIPE_TIMEOUT_MS * (1 + config.STRIPE_MAX_NETWORK_RETRIES);
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS ?? Math.max(90_000, stripeWait + 10_000),
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

/** Fastify's trustProxy from TRUST_PROXY: false unless configured. */
export function trustProxyOf(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}
