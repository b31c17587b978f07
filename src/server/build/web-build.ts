import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the web bundle is made from: when any of it is newer than the bundle, rebuild. */
const WEB_SOURCES = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The server's page renderer, built beside the web app (`vite build --ssr`). */
export const serverRendererFile = (distDir: string) => path.join(distDir, '..', 'ssr', 'entry-server.js');

export function isWebBuildStale(rootDir: string, distDir: string): boolean {
  const outputs = [path.join(distDir, 'index.html'), serverRendererFile(distDir)];
  if (outputs.some((file) => !fs.existsSync(file))) return true;
  // The older of the two builds: a browser build newer than the renderer (or the other way round)
  // would render pages that differ from what the browser then hydrates.
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return WEB_SOURCES.some((source) => newestMtime(path.join(rootDir, source)) > built);
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
