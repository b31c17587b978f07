import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineCaptureScript } from '../../../src/server/web/inline-capture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The pre-app capture is written into the page's head, and the CSP allows exactly that text by its
 * hash, worked out from the built file when the shop starts (issue 37 item 1).
 */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-capture-'));
const CAPTURE = 'window.__shopPreApp={takeOver(){return{fields:[],actions:[]}}};';
const INDEX =
  '<!doctype html><html><head><title>Shop</title>' +
  '<script type="module" async src="/assets/pre-app-abc123.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
let t: TestApp;

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('base64');
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'assets', 'pre-app-abc123.js'), `${CAPTURE}\n`);
  t = await createTestApp({}, { webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the capture inline in the head', () => {
  it('is in the page instead of a link, and the CSP allows that very text by its hash', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/signin' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('pre-app-abc123.js');
    const [script, ...others] = inlineScripts(page.body);
    expect(others).toEqual([]);
    expect(script).toContain(CAPTURE);
    expect(page.body.indexOf(script!)).toBeLessThan(page.body.indexOf('</head>'));
    const csp = page.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${sha256(script!)}'`]);
  });

  it('sends the same hash on API answers too, so no page and no header ever disagree', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const api = await t.app.inject({ method: 'GET', url: '/api/brands' });
    expect(api.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });

  it('keeps the link when the chunk could not run inline', () => {
    for (const code of ['import "./x.js";', 'export const x = 1;', 'document.write("</script>")']) {
      fs.writeFileSync(path.join(distDir, 'assets', 'pre-app-abc123.js'), code);
      expect(inlineCaptureScript(INDEX, distDir)).toEqual({ html: INDEX, scriptHashes: [] });
    }
  });

  it('leaves a page without the capture as it is', () => {
    const plain = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    expect(inlineCaptureScript(plain, distDir)).toEqual({ html: plain, scriptHashes: [] });
  });
});
