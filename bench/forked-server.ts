import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A bench server in a process of its own (a file of bench/, run through tsx), which sends its
 * address over IPC once it listens and stores what it is sent (`{ key, ... }`, answered `{ stored }`).
 */
export interface ForkedServer {
  address: string;
  pid: number;
  /** Sends `message` and resolves once the server has stored it under `message.key`. */
  store(message: { key: string } & Record<string, unknown>): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export async function forkServer(
  file: string,
  { name, env, output }: { name: string; env?: Record<string, string>; output: 'inherit' | 'ignore' },
): Promise<ForkedServer> {
  // BENCH_CPU_PROF=<dir>: each forked server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child: ChildProcess = fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx', ...profile],
    env: { ...process.env, ...env },
    stdio: ['ignore', output, 'inherit', 'ipc'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
    child.once('message', (message: { address?: string }) =>
      message.address ? resolve(message.address) : reject(new Error(`${name} did not start`)),
    );
  });
  return {
    address,
    pid: child.pid!,
    store(message) {
      return new Promise((resolve) => {
        const stored = (answer: { stored?: string }) => {
          if (answer.stored !== message.key) return;
          child.off('message', stored);
          resolve();
        };
        child.on('message', stored);
        child.send(message);
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
