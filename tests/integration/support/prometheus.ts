import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, sleep } from './server-process.js';

/** Debian's prometheus package (scripts/ensure-prometheus.mjs installs it when missing). */
export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';

export interface Prometheus {
  base: string;
  /** A PromQL instant query's vector: each series' labels and value. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
  output(): string;
}

/**
 * A real Prometheus on a free port with `scrapeConfigs` (YAML, the `scrape_configs` list's items),
 * its data in `dir`; resolves once it says it is ready.
 */
export async function startPrometheus(dir: string, scrapeConfigs: string): Promise<Prometheus> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(
    config,
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n${scrapeConfigs}`,
  );
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output}`);
    const ready = await fetch(`${base}/-/ready`).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not start:\n${output}`);
    await sleep(200);
  }
  return {
    base,
    output: () => output,
    async query(promql) {
      const response = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const answer = (await response.json()) as {
        status: string;
        error?: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (answer.status !== 'success') throw new Error(`${promql}: ${answer.error}`);
      return answer.data.result.map((row) => ({ metric: row.metric, value: Number(row.value[1]) }));
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
