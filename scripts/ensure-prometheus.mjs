// The metrics test (tests/integration/metrics-prometheus.test.ts) scrapes the shop with Debian's
// Prometheus, and the rules test checks ops/prometheus/alerts.yml with its promtool.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const PROMETHEUS_PATH = '/usr/bin/prometheus';
export const PROMTOOL_PATH = '/usr/bin/promtool';

export function ensurePrometheus() {
  ensureDebianPackage({
    pkg: 'prometheus',
    paths: [PROMETHEUS_PATH, PROMTOOL_PATH],
    needs: 'The metrics tests',
    // The server and promtool, without the exporters and the service's start.
    noRecommends: true,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePrometheus();
