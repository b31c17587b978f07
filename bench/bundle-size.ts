/**
 * First-load JavaScript of the home page, gzip (issue 8 budget: at most 120 kB), and of the other
 * pages a visitor lands on (the shoe page, the lists, the cart), each with its count of files.
 *
 * From dist/web/.vite/manifest.json (vite build with `build.manifest`): the entry (index.html), the
 * app it loads (main.tsx, in the chunk the build put it) and the page's route chunk, each with its
 * static imports: every JS file the page loads before it is interactive. Dynamic imports (other
 * routes, widgets loaded on interaction or when idle) are not counted. Prints a table and, with
 * `--json`, the home's figures as JSON. Run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const DIST = join(import.meta.dirname, '..', 'dist', 'web');
export const BUDGET_KB = 120;
const ENTRY = 'index.html';
const HOME_ROUTE = 'features/home/home-page.tsx';
/** The other pages a visitor lands on, each measured the same way (the budget is the home's). */
const LANDING_ROUTES = [
  'features/shoe-detail/shoe-detail-page.tsx',
  'features/catalog/shoes-page.tsx',
  'features/catalog/collection-page.tsx',
  'features/cart/cart-page.tsx',
];

export interface ChunkSize {
  file: string;
  name: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  files: ChunkSize[];
  totalRaw: number;
  totalGzip: number;
  budgetGzip: number;
  css: ChunkSize[];
}

function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk key of the home route, whatever path prefix the manifest uses. */
function findKey(manifest: Manifest, suffix: string): string {
  const key = Object.keys(manifest).find((k) => k === suffix || k.endsWith(`/${suffix}`));
  if (!key) throw new Error(`${suffix} not found in the manifest`);
  return key;
}

function sizeOf(file: string, name: string): ChunkSize {
  const content = readFileSync(join(DIST, file));
  return { file, name, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

export function homeFirstLoad(): BundleReport {
  return firstLoad(readManifest(), HOME_ROUTE);
}

function firstLoad(manifest: Manifest, route: string): BundleReport {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    order.push(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  const entry = findKey(manifest, ENTRY);
  visit(entry);
  // The app the entry imports once the page is painted (main.tsx), whichever chunk holds it.
  for (const app of manifest[entry]?.dynamicImports ?? []) visit(app);
  visit(findKey(manifest, route));
  const files = order.map((key) => {
    const chunk = manifest[key]!;
    return sizeOf(chunk.file, chunk.name ?? chunk.src ?? key);
  });
  const cssFiles = [...new Set(order.flatMap((key) => manifest[key]?.css ?? []))];
  return {
    files,
    totalRaw: files.reduce((sum, f) => sum + f.rawBytes, 0),
    totalGzip: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    budgetGzip: BUDGET_KB * 1000,
    css: cssFiles.map((file) => sizeOf(file, 'css')),
  };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export function printBundleReport(report: BundleReport): void {
  console.log('\nHome page first-load JavaScript (entry + static imports + home route chunk):');
  const rows = [...report.files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const f of rows) {
    console.log(`  ${kB(f.gzipBytes).padStart(7)} kB gzip  ${kB(f.rawBytes).padStart(7)} kB raw  ${f.file}`);
  }
  const verdict = report.totalGzip <= report.budgetGzip ? 'within' : 'over';
  console.log(
    `  ${kB(report.totalGzip).padStart(7)} kB gzip  ${kB(report.totalRaw).padStart(7)} kB raw  TOTAL ` +
      `(${verdict} the ${BUDGET_KB} kB budget)`,
  );
  for (const c of report.css) console.log(`  CSS: ${kB(c.gzipBytes)} kB gzip  ${c.file}`);
}

function printLandingPages(): void {
  const manifest = readManifest();
  console.log('\nFirst-load JavaScript of the other landing pages (the same count):');
  for (const route of LANDING_ROUTES) {
    const report = firstLoad(manifest, route);
    console.log(
      `  ${kB(report.totalGzip).padStart(7)} kB gzip  ${String(report.files.length).padStart(3)} files  ${route}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = homeFirstLoad();
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else {
    printBundleReport(report);
    printLandingPages();
  }
}
