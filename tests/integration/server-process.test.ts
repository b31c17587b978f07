import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/server-process.js';

/**
 * `npm start` as a real process: it migrates and seeds an empty data
 * directory, keeps its data across a SIGKILL, and refuses to share the
 * directory with a second process.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-process-'));
const running: ChildProcess[] = [];

afterAll(() => {
  running.forEach((child) => child.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHOP_SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForCatalogue(port: number, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/shoes?limit=1`);
      if (response.ok) return Number(response.headers.get('x-total-count'));
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

describe('the server process', () => {
  it('seeds a fresh data directory and keeps it across a SIGKILL', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const first = startServer(port);
    const total = await waitForCatalogue(port);
    expect(total).toBeGreaterThanOrEqual(60);
    const shoe = (await (await fetch(`http://127.0.0.1:${port}/api/shoes?limit=1`)).json())[0];
    const image = await fetch(`http://127.0.0.1:${port}${shoe.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    // The shoe's whole answer (its gallery and its sizes' SKUs, which lists leave out), to compare after.
    const detail = await (await fetch(`http://127.0.0.1:${port}/api/shoes/${shoe._id}`)).json();

    // A second process on the same directory is refused, with a reason.
    const intruder = startServer(await freePort());
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toMatch(/in use by another process/);

    first.child.kill('SIGKILL');
    await first.exited;

    const secondPort = await freePort();
    startServer(secondPort);
    expect(await waitForCatalogue(secondPort)).toBe(total);
    const again = await (await fetch(`http://127.0.0.1:${secondPort}/api/shoes/${shoe._id}`)).json();
    expect(again).toEqual(detail);
  });
});
