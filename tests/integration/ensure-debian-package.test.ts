import { describe, expect, it } from 'vitest';
import { ensureDebianPackage, type Machine } from '../../scripts/ensure-debian-package.mjs';

/**
 * The one helper behind scripts/ensure-chromium.mjs and scripts/ensure-prometheus.mjs: nothing to do
 * when the files are there; apt-get as root; else the command to run and exit 1.
 */
function fakeMachine(options: { files: string[]; root: boolean; apt?: boolean; installs?: string[] }) {
  const files = new Set(options.files);
  const seen = {
    commands: [] as string[],
    errors: [] as string[],
    logs: [] as string[],
    exits: [] as number[],
  };
  const system: Machine = {
    exists: (file) => files.has(file),
    isRoot: () => options.root,
    hasAptGet: () => options.apt ?? true,
    run: (command) => {
      seen.commands.push(command);
      for (const file of options.installs ?? []) files.add(file);
    },
    log: (line) => seen.logs.push(line),
    error: (line) => seen.errors.push(line),
    exit: (code) => seen.exits.push(code),
  };
  return { system, seen };
}

const PROMETHEUS = {
  pkg: 'prometheus',
  paths: ['/usr/bin/prometheus', '/usr/bin/promtool'],
  needs: 'The metrics tests',
  noRecommends: true,
};

describe('ensureDebianPackage', () => {
  it('does nothing when every file is there', () => {
    const { system, seen } = fakeMachine({ files: PROMETHEUS.paths, root: true });
    ensureDebianPackage(PROMETHEUS, system);
    expect(seen).toEqual({ commands: [], errors: [], logs: [], exits: [] });
  });

  it('says the command to run and exits 1 when not root, or without apt-get', () => {
    for (const machine of [
      { files: ['/usr/bin/prometheus'], root: false },
      { files: [], root: true, apt: false },
    ]) {
      const { system, seen } = fakeMachine(machine);
      ensureDebianPackage(PROMETHEUS, system);
      expect(seen.commands).toEqual([]);
      expect(seen.exits).toEqual([1]);
      expect(seen.errors).toHaveLength(1);
      expect(seen.errors[0]).toContain('The metrics tests need /usr/bin/prometheus and /usr/bin/promtool');
      expect(seen.errors[0]).toContain('apt-get update && apt-get install -y prometheus');
    }
  });

  it('installs the package as root, with or without the recommended ones', () => {
    const prometheus = fakeMachine({ files: [], root: true, installs: PROMETHEUS.paths });
    ensureDebianPackage(PROMETHEUS, prometheus.system);
    expect(prometheus.seen.commands).toEqual([
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus',
    ]);
    expect(prometheus.seen.exits).toEqual([]);

    const chromium = fakeMachine({ files: [], root: true, installs: ['/usr/bin/chromium'] });
    ensureDebianPackage(
      { pkg: 'chromium', paths: ['/usr/bin/chromium'], needs: 'The browser tests' },
      chromium.system,
    );
    expect(chromium.seen.commands).toEqual([
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
    expect(chromium.seen.exits).toEqual([]);
  });

  it('exits 1 when apt-get did not bring the files', () => {
    const { system, seen } = fakeMachine({ files: [], root: true, installs: ['/usr/bin/prometheus'] });
    ensureDebianPackage(PROMETHEUS, system);
    expect(seen.commands).toHaveLength(1);
    expect(seen.errors).toEqual(['apt-get finished but /usr/bin/promtool is still missing.']);
    expect(seen.exits).toEqual([1]);
  });
});
