import fs from 'node:fs';
import path from 'node:path';
import { inlineCaptureScript } from './inline-capture.js';
import { inlineStylesheets } from './inline-styles.js';

/** The built index.html every page is made from, and what the CSP must allow of it. */
export interface PageShell {
  html: string;
  /** `'sha256-…'` sources of the inline scripts the shell carries (security.ts allows them). */
  scriptHashes: string[];
}

/**
 * The web app's index.html as pages are sent: its stylesheets and its pre-app capture written into
 * it, read once when the shop starts. Undefined when the web app is not built (API only).
 */
export function loadPageShell(distDir: string): PageShell | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const styled = inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), distDir);
  const { html, scriptHashes } = inlineCaptureScript(styled, distDir);
  return { html, scriptHashes };
}
