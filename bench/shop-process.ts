import { forkServer } from './forked-server.js';

/** The shop in a process of its own (bench/shop-server.ts), and its in-shop baseline route. */
export interface ShopProcess {
  address: string;
  pid: number;
  /** Has the baseline route answer `body` under `key`; resolves to its URL. */
  baseline(key: string, body: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  // Its log lines are written (as a deployment writes them) and dropped; its errors show.
  const server = await forkServer('shop-server.ts', { name: "the shop's process", env, output: 'ignore' });
  return {
    address: server.address,
    pid: server.pid,
    async baseline(key, body) {
      await server.store({ key, body });
      return `${server.address}/bench/baseline/${encodeURIComponent(key)}`;
    },
    stop: server.stop,
  };
}
