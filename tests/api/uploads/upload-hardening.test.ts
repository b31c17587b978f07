// One file because the same attacks (not images, size, decompression bombs, stored names) run against
// every upload route through describe.each, and the hand-built bomb images serve those tests alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../../src/domain/account.js';
import { SHOE_IMAGE_MAX_BYTES } from '../../../src/domain/admin.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { brands, shoes, stockEntries, users } from '../../../src/server/db/schema.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Issue 7, item 6: uploads are checked by content, size-limited, refused when
 * they would decode into huge bitmaps, and stored under names the server makes.
 * Both upload routes: the profile image and the shoe image.
 */

const ADMIN = { email: 'owner@uploads.test', password: 'owner-password' };

let t: TestApp;
let dataDir: string;
let uploadsDir: string;
let admin: string;
let shopper: Awaited<ReturnType<typeof signUp>>;
let png: Buffer;

beforeAll(async () => {
  // A data directory of our own, so that every file an upload writes can be seen.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upload-hardening-'));
  uploadsDir = path.join(dataDir, 'uploads');
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.60.0.1', env: { DATA_DIR: dataDir } }));
  shopper = await signUp(t.app);
  await t.database.db.insert(brands).values({ name: 'Velo' });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Requests

interface UploadFile {
  /** Sent as is in Content-Disposition, quotes and slashes included. */
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart body written by hand, so that the file name reaches the server byte for byte. */
function multipartBody(fields: Record<string, string>, file: UploadFile) {
  const boundary = `----upload-hardening-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
      'latin1',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let addresses = 0;
let shoeNames = 0;

interface UploadRoute {
  label: string;
  send(file: UploadFile): Promise<LightMyRequestResponse>;
  /** The stored image's URL in a successful answer. */
  urlOf(response: LightMyRequestResponse): string;
  okStatus: number;
  invalidMessage: string;
  tooLargeMessage: string;
  maxBytes: number;
  /** The only shape a stored file's URL may have. */
  urlPattern: () => RegExp;
}

const ROUTES: UploadRoute[] = [
  {
    label: 'profile image (POST /api/account/image)',
    async send(file) {
      const body = multipartBody({}, file);
      return t.app.inject({
        method: 'POST',
        url: '/api/account/image',
        payload: body.payload,
        headers: { 'content-type': body.contentType, cookie: shopper.cookie, origin: TEST_ORIGIN },
        remoteAddress: `10.61.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`,
      });
    },
    urlOf: (response) => response.json().user.image,
    okStatus: 200,
    invalidMessage: MESSAGES.identity.imageInvalid,
    tooLargeMessage: MESSAGES.identity.imageTooLarge,
    maxBytes: AVATAR_MAX_BYTES,
    urlPattern: () => new RegExp(`^/uploads/avatars/${shopper.user._id}-[0-9a-f]{12}\\.webp$`),
  },
  {
    label: 'shoe image (POST /api/shoes)',
    async send(file) {
      const body = multipartBody(
        {
          brand: 'Velo',
          name: `Upload Runner ${String.fromCharCode(65 + (shoeNames++ % 26))}`,
          color: 'Green',
          price: '120',
          size: '9.5',
          q: '4',
          description: 'Light, quick and comfortable.',
        },
        file,
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/shoes',
        payload: body.payload,
        headers: { 'content-type': body.contentType, cookie: admin, origin: TEST_ORIGIN },
      });
    },
    urlOf: (response) => response.json().shoe.image,
    okStatus: 201,
    invalidMessage: MESSAGES.adminForm.image,
    tooLargeMessage: `The image can be at most ${SHOE_IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
    maxBytes: SHOE_IMAGE_MAX_BYTES,
    urlPattern: () =>
      /^\/uploads\/shoes\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{16}\.webp$/,
  },
];

// ---------------------------------------------------------------------------------------------
// What a refusal must leave untouched

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
    .sort();
}

async function snapshot() {
  const { db } = t.database;
  return {
    files: filesUnder(dataDir),
    users: await db.select({ id: users.id, image: users.image }).from(users).orderBy(asc(users.id)),
    shoes: await db.select().from(shoes).orderBy(asc(shoes.id)),
    stock: await db.select().from(stockEntries).orderBy(asc(stockEntries.id)),
  };
}

async function refused(route: UploadRoute, file: UploadFile, status: number, message: string) {
  const before = await snapshot();
  const started = performance.now();
  const response = await route.send(file);
  const ms = performance.now() - started;
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.message).toBe(message);
  expect(await snapshot()).toEqual(before);
  return { response, ms };
}

// ---------------------------------------------------------------------------------------------
// Files that are not what they say

const SCRIPT = '<script>alert(document.cookie)</script>';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/>${SCRIPT}</svg>`;
const html = `<!doctype html><html><body><img src=x onerror="alert(1)">${SCRIPT}</body></html>`;

/** The classic GIF/JavaScript polyglot: a GIF header whose bytes also parse as a script. */
const gifPolyglot = Buffer.concat([
  Buffer.from('GIF89a/*'),
  Buffer.from([0x0a, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00]),
  Buffer.from(`*/=1;alert(document.domain);//${SCRIPT}`),
]);

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const NOT_IMAGES: [string, () => UploadFile][] = [
  [
    'a text file named .png',
    () => ({ filename: 'photo.png', type: 'image/png', bytes: Buffer.from('just some text\n') }),
  ],
  [
    'an SVG with <script> sent as image/png',
    () => ({ filename: 'logo.png', type: 'image/png', bytes: Buffer.from(svg) }),
  ],
  [
    'an SVG with <script> sent as itself',
    () => ({ filename: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from(svg) }),
  ],
  ['an HTML page named .png', () => ({ filename: 'page.png', type: 'image/png', bytes: Buffer.from(html) })],
  [
    'an HTML page sent as itself',
    () => ({ filename: 'page.html', type: 'text/html', bytes: Buffer.from(html) }),
  ],
  ['a GIF header + script polyglot', () => ({ filename: 'fun.gif', type: 'image/gif', bytes: gifPolyglot })],
  [
    'a PNG signature followed by HTML',
    () => ({ filename: 'x.png', type: 'image/png', bytes: Buffer.concat([pngSignature, Buffer.from(html)]) }),
  ],
];

// ---------------------------------------------------------------------------------------------
// Decompression bombs: tiny files whose headers declare huge bitmaps.

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1-bit greyscale PNG of width x height; `rows` rows of zeros are really there (all of them: a complete file). */
function pngBomb(width: number, height: number, rows: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: rows }, () => row)), { level: 9 });
  return Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let smallWebp: Buffer;
let smallGif: Buffer;
let completePngBomb: Buffer;

beforeAll(async () => {
  smallWebp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
    .webp()
    .toBuffer();
  smallGif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();
  // 20000 x 20000 pixels, every row present: 400 megapixels in ~60 KB.
  completePngBomb = pngBomb(20_000, 20_000, 20_000);
});

/** A lossy WebP whose VP8 frame header says 16383 x 16383 (the format's maximum). */
function webpBomb(): Buffer {
  const bytes = Buffer.from(smallWebp);
  expect(bytes.subarray(12, 16).toString()).toBe('VP8 ');
  expect(bytes.subarray(23, 26).toString('hex')).toBe('9d012a');
  bytes.writeUInt16LE(0x3fff, 26);
  bytes.writeUInt16LE(0x3fff, 28);
  return bytes;
}

/** A GIF whose screen and only frame say 65535 x 65535. */
function gifBomb(): Buffer {
  const bytes = Buffer.from(smallGif);
  bytes.writeUInt16LE(0xffff, 6);
  bytes.writeUInt16LE(0xffff, 8);
  const descriptor = bytes.indexOf(0x2c, 13);
  expect(descriptor).toBeGreaterThan(0);
  bytes.writeUInt16LE(0xffff, descriptor + 5);
  bytes.writeUInt16LE(0xffff, descriptor + 7);
  return bytes;
}

const BOMBS: [string, () => UploadFile][] = [
  [
    'a PNG declaring 30000 x 30000 pixels',
    () => ({ filename: 'bomb.png', type: 'image/png', bytes: pngBomb(30_000, 30_000, 10) }),
  ],
  [
    'a complete 20000 x 20000 PNG of zeros',
    () => ({ filename: 'zeros.png', type: 'image/png', bytes: completePngBomb }),
  ],
  [
    'a WebP declaring 16383 x 16383 pixels',
    () => ({ filename: 'bomb.webp', type: 'image/webp', bytes: webpBomb() }),
  ],
  [
    'a GIF declaring 65535 x 65535 pixels',
    () => ({ filename: 'bomb.gif', type: 'image/gif', bytes: gifBomb() }),
  ],
];

describe.each(ROUTES)('$label', (route) => {
  describe('content sniffing', () => {
    it.each(NOT_IMAGES)('refuses %s with 415 and stores nothing', async (_label, file) => {
      await refused(route, file(), 415, route.invalidMessage);
    });

    it('re-encodes a real image carrying a script: the stored file is a WebP without it', async () => {
      // A valid GIF with a script after its trailer, and a JPEG with one in a comment segment.
      const gif = Buffer.concat([
        await sharp({ create: { width: 32, height: 32, channels: 3, background: '#39c' } })
          .gif()
          .toBuffer(),
        Buffer.from(SCRIPT),
      ]);
      const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#93c' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { ImageDescription: SCRIPT } } })
        .toBuffer();
      expect(jpeg.includes(SCRIPT)).toBe(true);
      for (const file of [
        { filename: 'carrier.gif', type: 'image/gif', bytes: gif },
        { filename: 'carrier.jpg', type: 'image/jpeg', bytes: jpeg },
      ]) {
        const response = await route.send(file);
        expect(response.statusCode, response.body).toBe(route.okStatus);
        const url = route.urlOf(response);
        expect(url).toMatch(route.urlPattern());
        const stored = fs.readFileSync(path.join(uploadsDir, url.replace('/uploads/', '')));
        expect(stored.subarray(0, 4).toString()).toBe('RIFF');
        expect(stored.subarray(8, 12).toString()).toBe('WEBP');
        expect(stored.includes('script')).toBe(false);
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('size limit', () => {
    it('refuses a file one byte over the limit with 413, and stores nothing', async () => {
      // A real PNG, padded: the size alone decides.
      const bytes = Buffer.concat([png, Buffer.alloc(route.maxBytes + 1 - png.length, 7)]);
      await refused(route, { filename: 'big.png', type: 'image/png', bytes }, 413, route.tooLargeMessage);
    });

    it('refuses a 30 MB file with 413 just the same', async () => {
      const bytes = Buffer.alloc(30 * 1024 * 1024, 1);
      await refused(route, { filename: 'huge.png', type: 'image/png', bytes }, 413, route.tooLargeMessage);
    });
  });

  describe('decompression bombs', () => {
    it.each(BOMBS)('refuses %s quickly, without decoding it', async (_label, make) => {
      const file = make();
      expect(file.bytes.length).toBeLessThan(200 * 1024);
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 2);
      try {
        const { ms } = await refused(route, file, 415, route.invalidMessage);
        peak = Math.max(peak, process.memoryUsage().rss);
        const grewMb = (peak - baseline) / (1024 * 1024);
        console.log(
          `[uploads] ${route.label}: ${_label} (${file.bytes.length} bytes) refused in ${Math.round(ms)} ms, ` +
            `memory +${grewMb.toFixed(0)} MB`,
        );
        expect(ms).toBeLessThan(3_000);
        // Decoded, the smallest of these would take 400 MB and more.
        expect(grewMb).toBeLessThan(150);
      } finally {
        clearInterval(sampler);
      }
    });
  });

  describe('stored names', () => {
    it.each([
      '../../evil.php',
      '..\\..\\evil.php',
      'a"b<c>.png',
      '/etc/passwd',
      'shell.php%00.png',
      '.htaccess',
      `${'x'.repeat(300)}.png`,
    ])('are never built from the file name %j', async (filename) => {
      const before = filesUnder(dataDir);
      const response = await route.send({ filename, type: 'image/png', bytes: png });
      expect(response.statusCode, response.body).toBe(route.okStatus);
      const url = route.urlOf(response);
      expect(url).toMatch(route.urlPattern());
      const added = filesUnder(dataDir).filter((file) => !before.includes(file));
      // One new file at most (the same image stored twice is one file), under uploads/, named as its URL says.
      for (const file of added) expect(`/${file.split(path.sep).join('/')}`).toBe(url);
      expect(fs.existsSync(path.join(uploadsDir, url.replace('/uploads/', '')))).toBe(true);
      for (const dir of [dataDir, path.dirname(dataDir), uploadsDir, path.join(uploadsDir, 'avatars')]) {
        expect(fs.existsSync(path.join(dir, 'evil.php'))).toBe(false);
      }
      expect(filesUnder(dataDir).filter((file) => /evil|passwd|htaccess|shell|xxxx/.test(file))).toEqual([]);
    });
  });
});
