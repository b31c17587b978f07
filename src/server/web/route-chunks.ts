import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The app's parts that main.tsx loads lazily on every page as it starts (not on a press). */
const SHELL_PARTS = ['components/toaster.tsx', 'components/newsletter/newsletter-form.tsx'];

/**
 * Parts a page imports lazily but loads only when the shopper reaches for them: the help chat's window,
 * the review form, the passkey library. Not asked for after the paint,
 * so a visit that never presses does not download them.
 */
const ON_PRESS_PARTS = [
  'features/home/help-chat/chat-window.tsx',
  'features/shoe-detail/reviews/review-form.tsx',
  '@simplewebauthn/browser/',
];
const loadedOnPress = (key: string) => ON_PRESS_PARTS.some((part) => key.includes(part));

export interface RouteCode {
  /**
   * The route's chunk and every chunk it imports statically, minus what index.html already names: hinted
   * with the HTML where the browser draws the page's content itself (the route table's `browserDrawn`).
   */
  hinted: string[];
  /**
   * Everything the page runs: the app the entry imports after the paint (main.tsx, the entry's dynamic
   * import), the route's chunk, the parts the page and the app load at once (the route's own dynamic
   * imports but ON_PRESS_PARTS, and SHELL_PARTS), and all they import statically. The entry asks for all of them together
   * once the page is painted (boot.ts), so the code arrives in one round instead of one per layer
   * (issue 37), and none of it competes with what the first paint needs (decision 015).
   */
  afterPaint: string[];
}

/** The JavaScript of each route, from the build's manifest (`build.manifest` in vite.config.ts). */
export function createRouteChunks(distDir: string): (moduleKey: string) => RouteCode {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => ({ hinted: [], afterPaint: [] });
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  function closure(key: string, seen: Set<string>): Set<string> {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  }

  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const preloadedByEntry = new Set(entryKeys.flatMap((key) => [...closure(key, new Set())]));
  const appKeys = entryKeys.flatMap((key) => manifest[key]!.dynamicImports ?? []);
  const filesOf = (keys: Iterable<string>) =>
    [...keys].filter((key) => !preloadedByEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
  const codes = new Map<string, RouteCode>();
  return (moduleKey) => {
    let code = codes.get(moduleKey);
    if (!code) {
      const graph = new Set<string>();
      const pageParts = (manifest[moduleKey]?.dynamicImports ?? []).filter((key) => !loadedOnPress(key));
      for (const key of [...appKeys, moduleKey, ...pageParts, ...SHELL_PARTS]) closure(key, graph);
      code = { hinted: filesOf(closure(moduleKey, new Set())), afterPaint: filesOf(graph) };
      codes.set(moduleKey, code);
    }
    return code;
  };
}
