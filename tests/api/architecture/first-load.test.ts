import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../../src/web');

/** Static imports of a module, as written (type-only imports and dynamic `import()` left out). */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) found.push(match[1]!);
  return found;
}

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return ['.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => fs.existsSync(candidate));
}

/** Every module `roots` load before anything else, and the packages they import, with who imports each. */
function firstLoad(roots: string[]) {
  const importedBy = new Map<string, string>();
  const packages = new Map<string, string>();
  const queue = [...roots];
  for (const root of roots) importedBy.set(root, '(root)');
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticImports(file)) {
      const module = resolveModule(file, specifier);
      if (!module) {
        if (!specifier.startsWith('.') && !packages.has(specifier)) packages.set(specifier, file);
        continue;
      }
      if (importedBy.has(module)) continue;
      importedBy.set(module, file);
      queue.push(module);
    }
  }
  return { importedBy, packages };
}

const chainTo = (importedBy: Map<string, string>, file: string): string => {
  const chain: string[] = [];
  for (let at: string | undefined = file; at && at !== '(root)'; at = importedBy.get(at)) {
    chain.push(path.relative(WEB, at));
  }
  return chain.join(' <- ');
};

/**
 * The storefront's pages a visitor lands on: the app (main.tsx) and the page's own chunk are what a
 * phone loads before the page answers a press. Zod alone is about 26 kB gzip and the form library
 * more: forms load them with themselves, on demand (docs/performance.md). The cart and the account's
 * pages are forms, and load them at once.
 */
/** Zod and the form library, with any of their subpaths (`zod/mini`, `@hookform/resolvers/zod`). */
const HEAVY_PACKAGES = ['zod', 'react-hook-form', '@hookform/resolvers'];

const LANDING_PAGES = [
  'features/home/home-page.tsx',
  'features/shoe-detail/shoe-detail-page.tsx',
  'features/catalog/shoes-page.tsx',
  'features/catalog/collection-page.tsx',
  'features/catalog/sale-page.tsx',
  'features/catalog/search-page.tsx',
];

describe('the first load of a landing page', () => {
  it.each(LANDING_PAGES)('%s loads no Zod and no form library', (page) => {
    const { importedBy, packages } = firstLoad([path.join(WEB, 'main.tsx'), path.join(WEB, page)]);
    const heavy = [...packages.keys()].filter((name) =>
      HEAVY_PACKAGES.some((heavyName) => name === heavyName || name.startsWith(`${heavyName}/`)),
    );
    const where = heavy.map((name) => `${name}: ${chainTo(importedBy, packages.get(name)!)}`);
    expect(where).toEqual([]);
  });
});
