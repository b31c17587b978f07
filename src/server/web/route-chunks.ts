import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files of a lazily loaded route, from the build's manifest (`build.manifest` in
 * vite.config.ts): the route's chunk and every chunk it imports statically, minus what index.html
 * already preloads. The server names them as `modulepreload` hints, so the browser fetches the
 * page's code alongside the app's instead of after it.
 */
export function createRouteChunks(distDir: string): (moduleKey: string) => string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  function closure(key: string, seen: Set<string>): Set<string> {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  }

  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const preloadedByEntry = new Set(entryKeys.flatMap((key) => [...closure(key, new Set())]));
  const files = new Map<string, string[]>();
  return (moduleKey) => {
    let list = files.get(moduleKey);
    if (!list) {
      list = [...closure(moduleKey, new Set())]
        .filter((key) => !preloadedByEntry.has(key))
        .map((key) => `/${manifest[key]!.file}`);
      files.set(moduleKey, list);
    }
    return list;
  };
}
