import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/config.js';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
/** What is kept of a server's stdout and stderr, for messages. */
const OUTPUT_KEPT = 8_000;

export interface Instance {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** The end of what the server printed (warnings and errors at LOG_LEVEL=warn). */
  output(): string;
}

export interface Instances {
  list: Instance[];
  /** SIGTERM to each server, SIGKILL after 15 s; then the data directories go. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `count` real servers (src/server/main.ts through tsx, as `npm start` runs it), each its own OS
 * process with its own port and fresh DATA_DIR, and `env` on top (the shared DATABASE_URL...).
 * Started one after the other, each awaited on /api/ready, so start-up work (migrations, the
 * administrator) never races. Expects a built web app (dist/web): SHOP_SKIP_WEB_BUILD is set.
 */
export async function startInstances(count: number, env: Record<string, string>): Promise<Instances> {
  const list: Instance[] = [];
  const stop = async () => {
    await Promise.all(list.map(stopInstance));
    for (const instance of list) fs.rmSync(instance.dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i += 1) await startInstance(env, list);
  } catch (error) {
    await stop();
    throw error;
  }
  return { list, stop };
}

/** Starts one more server, in `list` from its spawn on (so that a failed start is stopped too). */
async function startInstance(env: Record<string, string>, list: Instance[]): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHOP_SKIP_WEB_BUILD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const instance: Instance = { url: `http://127.0.0.1:${port}`, child, dataDir, output: () => output };
  list.push(instance);
  const name = `Instance ${list.length}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited while starting:\n${output}`);
    const ready = await fetch(`${instance.url}/api/ready`)
      .then(async (response) => (response.ok ? ((await response.json()) as { redis: string }) : undefined))
      .catch(() => undefined);
    if (ready) {
      if (env.REDIS_URL && ready.redis !== 'ok')
        console.warn(`${name}: Redis is ${ready.redis}; its rate limits count alone.`);
      return;
    }
    if (Date.now() - started > START_TIMEOUT_MS)
      throw new Error(`${name} not ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopInstance({ child }: Instance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
