/**
 * `npm run bench:startup`: seconds from spawning `npm start` until GET / answers 200, first with a
 * fresh DATA_DIR (migrations and the demo seed run), then again on that existing data dir.
 * Expects a built checkout (dist/web); measures and prints, asserts nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/config.js';

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 120_000) throw new Error('no answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    // npm start runs tsx, which runs node: stop the whole group and wait for the data dir lock to go.
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'));
  const port = 3900 + (process.pid % 100);
  try {
    const fresh = await timeStart(dataDir, port);
    const existing = [];
    for (let i = 0; i < 3; i += 1) existing.push(await timeStart(dataDir, port));
    console.table([
      { 'data dir': 'fresh (migrate + seed)', 'seconds to first page': fresh.toFixed(2) },
      ...existing.map((seconds, i) => ({
        'data dir': `existing, run ${i + 1}`,
        'seconds to first page': seconds.toFixed(2),
      })),
    ]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
