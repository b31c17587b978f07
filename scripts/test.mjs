// `npm test`: everything, in the order that fails fastest: types, lint, formatting, unit + API, browser.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePrometheus } from './ensure-prometheus.mjs';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['web build', 'npm', ['run', '--silent', 'build']],
  ['browser tests', 'npx', ['playwright', 'test']],
];

for (const [name, command, args] of steps) {
  if (name === 'browser tests') ensureChromium();
  if (name === 'unit and API tests') ensurePrometheus();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nAll checks passed.');
