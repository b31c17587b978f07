import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isBuildStale } from '../../../scripts/staleness.mjs';
import { isWebBuildStale, serverRendererFile } from './web-build.js';

let root: string;
let distDir: string;
const NOW = Date.now() / 1000;

function write(file: string, ageSeconds: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  fs.utimesSync(file, NOW - ageSeconds, NOW - ageSeconds);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-build-'));
  distDir = path.join(root, 'dist', 'web');
  write(path.join(root, 'src/web/deep/nested/page.tsx'), 100);
  write(path.join(root, 'src/domain/rules.ts'), 100);
  write(path.join(root, 'vite.config.ts'), 100);
  // Directories' own times count too (a deleted file updates them): keep them old.
  for (const dir of ['src/web/deep/nested', 'src/web/deep', 'src/web', 'src/domain', 'src'])
    fs.utimesSync(path.join(root, dir), NOW - 100, NOW - 100);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('is stale while either build is missing', () => {
  expect(isWebBuildStale(root, distDir)).toBe(true);
  write(path.join(distDir, 'index.html'), 10);
  expect(isWebBuildStale(root, distDir)).toBe(true);
  write(serverRendererFile(distDir), 10);
  expect(isWebBuildStale(root, distDir)).toBe(false);
});

it('is stale when a source anywhere under its folders is newer than the older build', () => {
  write(path.join(distDir, 'index.html'), 10);
  write(serverRendererFile(distDir), 50);
  expect(isWebBuildStale(root, distDir)).toBe(false);
  // Newer than the renderer, older than the browser's build: the two would disagree.
  write(path.join(root, 'src/web/deep/nested/page.tsx'), 30);
  expect(isWebBuildStale(root, distDir)).toBe(true);
});

it('ignores what the build is not made from, and sources that do not exist', () => {
  write(path.join(distDir, 'index.html'), 10);
  write(serverRendererFile(distDir), 10);
  write(path.join(root, 'src/server/app.ts'), 0);
  expect(isWebBuildStale(root, distDir)).toBe(false);
  expect(isBuildStale(root, [path.join(distDir, 'index.html')], ['src/web', 'missing.json'])).toBe(false);
  expect(isBuildStale(root, [path.join(distDir, 'index.html')], ['src/server'])).toBe(true);
});
