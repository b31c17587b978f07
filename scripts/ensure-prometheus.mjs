// The metrics test (tests/integration/metrics-prometheus.test.ts) scrapes the shop with Debian's
// Prometheus, and the rules test checks ops/prometheus/alerts.yml with its promtool.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const PROMETHEUS_PATH = '/usr/bin/prometheus';
export const PROMTOOL_PATH = '/usr/bin/promtool';

function hasAptGet() {
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
}

const present = () => fs.existsSync(PROMETHEUS_PATH) && fs.existsSync(PROMTOOL_PATH);

export function ensurePrometheus() {
  if (present()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    console.error(
      `The metrics tests need Prometheus at ${PROMETHEUS_PATH} and ${PROMTOOL_PATH}, and it is missing.\n` +
        "Install Debian's package as root:  apt-get update && apt-get install -y prometheus\n" +
        'then run the tests again.',
    );
    process.exit(1);
  }
  console.log(
    `Prometheus is missing: installing Debian's prometheus package (apt-get install prometheus)...`,
  );
  // --no-install-recommends: the server and promtool, without the exporters and the service's start.
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus',
    { stdio: 'inherit', shell: '/bin/sh' },
  );
  if (!present()) {
    console.error(`apt-get finished but ${PROMETHEUS_PATH} or ${PROMTOOL_PATH} is still missing.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePrometheus();
