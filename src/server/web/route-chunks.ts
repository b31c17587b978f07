import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript a page needs to run, from the build's manifest (`build.manifest` in vite.config.ts):
 * the app the entry imports once the page is painted (boot.ts imports main.tsx), the route's chunk, and
 * every chunk either imports statically, minus what index.html already names. The server names them as
 * `modulepreload` hints, so the browser asks for the whole graph at once with the HTML instead of
 * finding each layer only when the one before it has arrived (issue 37, decision 015's addendum). The
 * parts the page itself loads lazily (the toaster, the carousel, the newsletter form) stay a second
 * round.
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
  // The entry's own dynamic import: the app (main.tsx), which every page runs.
  const appKeys = entryKeys.flatMap((key) => manifest[key]!.dynamicImports ?? []);
  const files = new Map<string, string[]>();
  return (moduleKey) => {
    let list = files.get(moduleKey);
    if (!list) {
      const graph = new Set<string>();
      for (const key of [...appKeys, moduleKey]) closure(key, graph);
      list = [...graph].filter((key) => !preloadedByEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
      files.set(moduleKey, list);
    }
    return list;
  };
}
