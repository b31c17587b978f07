import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * `npm start` as a real process, for the integration tests: each server on a free port of its
 * own, with the environment the test gives it on top of the test run's.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything the process wrote so far, standard output and error together. */
  output: () => string;
}

const running = new Set<ChildProcess>();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const handedOut = new Set<number>();

/**
 * A port nothing listens on. The port is free again once this returns, so the system may offer
 * it twice before a server binds it: servers started together must not get the same one.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Starts the server bundle (`npm start`'s dist/server/main.js, built by the global setup) and resolves once `readyPath` answers 2xx (on a connection of its own). */
export async function startServer(
  env: Record<string, string>,
  { readyPath = '/api/ready', timeoutMs = 90_000 } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SHOP_SKIP_WEB_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${base}${readyPath}`, { headers: { connection: 'close' } })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await sleep(200);
  }
  return { child, port, base, exited, output: () => output };
}

/** SIGKILLs every server this test file started that is still running (afterAll). */
export function killServers(): void {
  running.forEach((child) => child.kill('SIGKILL'));
}

let addresses = 0;

/**
 * A JSON client for one server. Each request comes from an address of its own (servers under
 * test trust X-Forwarded-For), so per-address limits never get in the way unless a test sends
 * its own `x-forwarded-for` in `extra`.
 */
export function shopClient(base: string) {
  return async (
    method: string,
    url: string,
    body?: unknown,
    cookie?: string,
    extra: Record<string, string> = {},
  ) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: base }),
        ...(cookie ? { cookie } : {}),
        'x-forwarded-for': `10.66.${Math.floor(addresses / 250) % 250}.${(addresses++ % 250) + 1}`,
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: () => JSON.parse(text),
      text,
      /** The cookies the answer set, as a Cookie header value. */
      cookie: response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; '),
    };
  };
}

export type ShopClient = ReturnType<typeof shopClient>;
