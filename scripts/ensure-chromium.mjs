// Browser tests drive Debian's Chromium; nothing downloads a browser of its own.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function ensureChromium() {
  ensureDebianPackage({ pkg: 'chromium', paths: [CHROMIUM_PATH], needs: 'The browser tests' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
