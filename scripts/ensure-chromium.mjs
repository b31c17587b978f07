// Browser tests drive Debian's Chromium; nothing downloads a browser of its own.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

function hasAptGet() {
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
}

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}, and it is missing.\n` +
        "Install Debian's package as root:  apt-get update && apt-get install -y chromium\n" +
        'then run the tests again.',
    );
    process.exit(1);
  }
  console.log(
    `Chromium is missing at ${CHROMIUM_PATH}: installing Debian's chromium package (apt-get install chromium)...`,
  );
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/sh',
  });
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
