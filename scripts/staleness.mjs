// Whether a build is missing or older than its sources: the one check behind `npm start`'s rebuilds,
// of the server bundle (scripts/build-server.mjs) and of the web app (src/server/build/web-build.ts).
// Plain JavaScript, so the launcher (scripts/start.mjs) can use it before any TypeScript runs;
// its types are in staleness.d.mts.
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file, or of anything under a directory; 0 when it is missing. */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * True when an output is missing, or when anything under a source (a path relative to `rootDir`) is
 * newer than the oldest output: builds made together (the browser's app and the server's renderer of
 * its pages) must not be mixed with an older one.
 */
export function isBuildStale(rootDir, outputs, sources) {
  if (outputs.some((file) => !fs.existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return sources.some((source) => newestMtime(path.join(rootDir, source)) > built);
}
