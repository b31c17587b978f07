import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../src/server/config.js';
import { PROMTOOL } from './support/prometheus.js';

/**
 * The suggested alert rules (ops/prometheus/alerts.yml) are valid PromQL for Prometheus's own
 * checker, and fire (or stay quiet) on the series of alerts.test.yml as their annotations say.
 */
const dir = path.join(ROOT_DIR, 'ops', 'prometheus');
const promtool = (...args: string[]) => spawnSync(PROMTOOL, args, { cwd: dir, encoding: 'utf8' });

describe('ops/prometheus/alerts.yml', () => {
  it('passes promtool check rules', () => {
    const checked = promtool('check', 'rules', 'alerts.yml');
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain('SUCCESS: 10 rules found');
  });

  it('passes its unit tests (promtool test rules)', () => {
    const tested = promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  });
});
