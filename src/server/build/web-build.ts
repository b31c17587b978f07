import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildStale } from '../../../scripts/staleness.mjs';

/** What the web bundle is made from: when any of it is newer than the bundle, rebuild. */
const WEB_SOURCES = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

/** The server's page renderer, built beside the web app (`vite build --ssr`). */
export const serverRendererFile = (distDir: string) => path.join(distDir, '..', 'ssr', 'entry-server.js');

export function isWebBuildStale(rootDir: string, distDir: string): boolean {
  // Against the older of the two builds: a browser build newer than the renderer (or the other way
  // round) would render pages that differ from what the browser then hydrates.
  return isBuildStale(rootDir, [path.join(distDir, 'index.html'), serverRendererFile(distDir)], WEB_SOURCES);
}

export function ensureWebBuild(rootDir: string, distDir: string, log: (message: string) => void): void {
  if (!isWebBuildStale(rootDir, distDir)) return;
  log('Building the web app (missing or older than its sources)...');
  // The same two builds as `npm run build`: the browser's app, then the server's renderer of its pages.
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    const result = spawnSync(
      process.execPath,
      [path.join(rootDir, 'node_modules/vite/bin/vite.js'), ...args],
      {
        cwd: rootDir,
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) throw new Error('The web build failed; see the output above.');
  }
}
