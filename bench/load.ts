import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, by status code, plus connection errors and timeouts. */
  non2xx: Record<string, number>;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Each request its own URL: `[<id>]` in the path is replaced by a unique id per request. */
  uniqueUrls?: boolean;
  requests?: autocannon.Request[];
  setupClient?: (client: autocannon.Client) => void;
}

/**
 * Loads `url` for `options.seconds`. With several URLs (one per server), autocannon hands the
 * connections out in turn (connection i goes to url i mod n) and reports one merged histogram.
 */
export async function load(url: string | string[], options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    // autocannon 9 takes an array of URLs; @types/autocannon only declares a string.
    url: url as string,
    connections: options.connections,
    duration: options.seconds,
    idReplacement: options.uniqueUrls ?? false,
    ...(options.requests ? { requests: options.requests } : {}),
    ...(options.setupClient ? { setupClient: options.setupClient } : {}),
  });
  const non2xx: Record<string, number> = {};
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  for (const [code, { count }] of Object.entries(stats ?? {}))
    if (!code.startsWith('2') && count > 0) non2xx[code] = count;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The path with a parameter the API ignores, unique per request, so the response cache always misses. */
export function uncachedPath(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}bench=[<id>]`;
}
