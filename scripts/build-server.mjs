// The server as one ES module bundle (dist/server/main.js), so `npm start` loads one file instead of
// compiling ~150 TypeScript modules on the fly: it starts in about two thirds of the time
// (docs/performance.md, Start-up). Packages stay in node_modules; lazily imported parts (Redis,
// S3, Stripe) stay separate chunks, loaded only when configured.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isBuildStale } from './staleness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(ROOT, 'dist', 'server');
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'main.js');
/**
 * What the bundle is made from: when any of it is newer than the bundle, rebuild. The staleness check
 * is bundled too (src/server/build/web-build.ts uses it for the web app).
 */
const SOURCES = [
  'src/server',
  'src/domain',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/staleness.mjs',
];

export function isServerBuildStale() {
  return isBuildStale(ROOT, [SERVER_ENTRY], SOURCES);
}

/**
 * Builds into a fresh directory beside the bundle, then swaps it in: a server still running the old
 * bundle keeps the files it may yet import lazily, and a failed build leaves the old bundle whole.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const staging = `${SERVER_OUT_DIR}.${process.pid}.${Date.now()}`;
  await build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Every file at the same depth as main.js: config.ts finds the project's root two levels up from
    // its own file (import.meta.dirname), wherever esbuild puts it.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
  const previous = `${staging}.old`;
  if (fs.existsSync(SERVER_OUT_DIR)) fs.renameSync(SERVER_OUT_DIR, previous);
  fs.renameSync(staging, SERVER_OUT_DIR);
  fs.rmSync(previous, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
