import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The shop in a process of its own (bench/shop-server.ts), and its in-shop baseline route. */
export interface ShopProcess {
  address: string;
  pid: number;
  /** Has the baseline route answer `body` under `key`; resolves to its URL. */
  baseline(key: string, body: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'shop-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    // Its log lines are written (as a deployment writes them) and dropped; its errors show.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the shop's process exited (${code})`)));
    child.once('message', (message: { address?: string }) =>
      message.address ? resolve(message.address) : reject(new Error('the shop did not start')),
    );
  });
  return {
    address,
    pid: child.pid!,
    baseline(key, body) {
      return new Promise((resolve) => {
        const stored = (message: { stored?: string }) => {
          if (message.stored !== key) return;
          child.off('message', stored);
          resolve(`${address}/bench/baseline/${encodeURIComponent(key)}`);
        };
        child.on('message', stored);
        child.send({ key, body });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
