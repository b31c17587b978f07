import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The built pre-app capture as vite.config.ts links it from the head. */
const CAPTURE_SCRIPT = /<script type="module" async src="\/(assets\/pre-app-[^"]+\.js)"><\/script>/;

export interface InlinedCapture {
  html: string;
  /** The CSP hash of each inline script written here, as `'sha256-…'` sources. */
  scriptHashes: string[];
}

/**
 * index.html with the pre-app capture (src/web/pre-app/capture.ts) written into the head instead of
 * linked: it listens from the moment the head is parsed, so a press on the painted page is kept even
 * when no script has arrived yet (a slow phone's first round trips). The Content-Security-Policy
 * allows exactly this text by its hash, worked out here from the built file when the shop starts:
 * no hash is kept by hand. The capture imports nothing, so its chunk runs as a classic script,
 * wrapped so that its names stay its own.
 */
export function inlineCaptureScript(indexHtml: string, distDir: string): InlinedCapture {
  const match = CAPTURE_SCRIPT.exec(indexHtml);
  if (!match) return { html: indexHtml, scriptHashes: [] };
  const code = fs.readFileSync(path.join(distDir, match[1]!), 'utf8').trim();
  // A chunk that imports or exports could not run inline; text that would end the element early
  // would break the page: keep the link rather than a capture that does not run.
  if (/^\s*(import|export)\b/m.test(code) || code.includes('</script')) {
    return { html: indexHtml, scriptHashes: [] };
  }
  const script = `(function(){"use strict";${code}\n})();`;
  const hash = crypto.createHash('sha256').update(script, 'utf8').digest('base64');
  return {
    html: indexHtml.replace(match[0], () => `<script>${script}</script>`),
    scriptHashes: [`'sha256-${hash}'`],
  };
}
