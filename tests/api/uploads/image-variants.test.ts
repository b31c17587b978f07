import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl } from '../../../src/domain/images.js';
import { createImageStorage } from '../../../src/server/storage/image-storage.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A stored picture 1000 px wide, put where uploads go. */
async function storePicture(shop: TestApp, key: string): Promise<string> {
  const bytes = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#e11d48' } })
    .webp()
    .toBuffer();
  const storage = createImageStorage(shop.config);
  try {
    return await storage.store.put(key, bytes, 'image/webp');
  } finally {
    if (storage.kind === 's3') storage.store.close();
  }
}

for (const kind of ['disk', 's3'] as const) {
  describe(`smaller copies of stored pictures (${kind})`, () => {
    let s3: S3TestServer | undefined;
    let shop: TestApp;
    let url: string;

    beforeAll(async () => {
      s3 = kind === 's3' ? await startS3Server() : undefined;
      shop = await createTestApp(s3?.env ?? {});
      url = await storePicture(shop, 'shoes/test-runner-0123456789.webp');
    }, 60_000);
    afterAll(async () => {
      await shop.close();
      await s3?.close();
    });

    it('serves each width as a WebP that narrow, cached for a year, and keeps it', async () => {
      for (const width of [320, 640] as const) {
        const answer = await shop.app.inject({ method: 'GET', url: imageVariantUrl(url, width) });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe('image/webp');
        expect(answer.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
        const meta = await sharp(answer.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        const stored = `w${width}/shoes/test-runner-0123456789.webp`;
        if (kind === 'disk') expect(fs.existsSync(path.join(shop.config.uploadsDir, stored))).toBe(true);
        else expect(await s3!.keys(`w${width}/`)).toContain(stored);
      }
    });

    it('lets pages and mails of other origins show the original and its copies', async () => {
      // A mail's pictures load from the shop inside a webmail at another origin (issue 31 item 7).
      for (const target of [url, imageVariantUrl(url, 320)]) {
        const answer = await shop.app.inject({ method: 'GET', url: target });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
      }
    });

    it('makes a copy once however many ask at the same time', async () => {
      const fresh = await storePicture(shop, 'shoes/other-runner-9876543210.webp');
      const variant = imageVariantUrl(fresh, 320);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => shop.app.inject({ method: 'GET', url: variant })),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
    });

    it('answers 404 for other widths, missing pictures, copies of copies and strange keys', async () => {
      const refused = [
        '/uploads/w500/shoes/test-runner-0123456789.webp',
        '/uploads/w320/shoes/missing-0000000000.webp',
        '/uploads/w320/w320/shoes/test-runner-0123456789.webp',
        '/uploads/w320/%2e%2e/%2e%2e/etc/passwd',
        '/uploads/w320/shoes/test-runner-0123456789.png',
      ];
      for (const target of refused) {
        const answer = await shop.app.inject({ method: 'GET', url: target });
        expect([400, 404], target).toContain(answer.statusCode);
        expect(answer.headers['content-type'], target).toMatch(/json/);
      }
    });
  });
}

describe('srcset', () => {
  it('offers the two copies and the original for stored pictures only', () => {
    expect(imageSrcSet('/uploads/shoes/a-1.webp')).toBe(
      '/uploads/w320/shoes/a-1.webp 320w, /uploads/w640/shoes/a-1.webp 640w, /uploads/shoes/a-1.webp 1000w',
    );
    expect(imageSrcSet('https://cdn.example.com/shoes/a-1.webp')).toBeUndefined();
    expect(imageSrcSet('/favicon.svg')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
