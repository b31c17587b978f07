import { forkServer } from './forked-server.js';

/** A bare Fastify process serving given bytes (bench/bare-server.ts): the cost of HTTP alone. */
export interface BareBaseline {
  /** Stores `body` under `key` and answers its URL. */
  serve(key: string, body: Buffer, type: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startBareBaseline(): Promise<BareBaseline> {
  const server = await forkServer('bare-server.ts', { name: 'the bare baseline', output: 'inherit' });
  return {
    async serve(key, body, type) {
      await server.store({ key, body: body.toString('base64'), type });
      return `${server.address}/bare/${encodeURIComponent(key)}`;
    },
    stop: server.stop,
  };
}
