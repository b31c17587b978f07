import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A bare Fastify process serving given bytes (bench/bare-server.ts): the cost of HTTP alone. */
export interface BareBaseline {
  /** Stores `body` under `key` and answers its URL. */
  serve(key: string, body: Buffer, type: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startBareBaseline(): Promise<BareBaseline> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare baseline exited (${code})`)));
    child.once('message', (message: { address?: string }) =>
      message.address ? resolve(message.address) : reject(new Error('the bare baseline did not start')),
    );
  });
  return {
    serve(key, body, type) {
      return new Promise((resolve) => {
        const stored = (message: { stored?: string }) => {
          if (message.stored !== key) return;
          child.off('message', stored);
          resolve(`${address}/bare/${encodeURIComponent(key)}`);
        };
        child.on('message', stored);
        child.send({ key, body: body.toString('base64'), type });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      // The start's listener took an exit for a failure to start: not any more.
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
