// Tools the tests drive are Debian's packages (Chromium for the browser tests, Prometheus and promtool
// for the metrics tests): when one is missing, this installs it with apt-get as root, or says how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

function hasAptGet() {
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
}

/** What the helper asks of the machine; the tests hand in their own. */
const machine = {
  exists: (file) => fs.existsSync(file),
  isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
  hasAptGet,
  run: (command) => execSync(command, { stdio: 'inherit', shell: '/bin/sh' }),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  exit: (code) => process.exit(code),
};

/**
 * Makes sure `paths` exist, installing Debian's `pkg` when one is missing: with apt-get when running
 * as root, else it says the command to run and exits 1 (as it does when apt-get did not bring them).
 * `needs` names who needs them, for the messages; `noRecommends` installs without the recommended
 * packages (Prometheus's exporters).
 */
export function ensureDebianPackage({ pkg, paths, needs, noRecommends = false }, system = machine) {
  const missing = () => paths.filter((file) => !system.exists(file));
  if (missing().length === 0) return;
  const where = paths.join(' and ');
  if (!system.isRoot() || !system.hasAptGet()) {
    system.error(
      `${needs} need ${where}, and ${missing().join(' and ')} is missing.\n` +
        `Install Debian's package as root:  apt-get update && apt-get install -y ${pkg}\n` +
        'then run the tests again.',
    );
    return system.exit(1);
  }
  system.log(
    `${missing().join(' and ')} is missing: installing Debian's ${pkg} package (apt-get install ${pkg})...`,
  );
  const flags = noRecommends ? ' --no-install-recommends' : '';
  system.run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq${flags} ${pkg}`);
  if (missing().length > 0) {
    system.error(`apt-get finished but ${missing().join(' and ')} is still missing.`);
    return system.exit(1);
  }
}
