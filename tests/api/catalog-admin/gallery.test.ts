import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { MAX_GALLERY_IMAGES } from '../../../src/domain/contracts/gallery.js';
import { auditLog, shoeImages, shoes } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/** Photo galleries (issue 33 item 1): up to 8 photos per shoe, the first the cover and the shoe's `image`. */
let t: TestApp;
let admin: string;
let shopper: string;
const photos: Buffer[] = [];

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp({ email: 'owner@shop.test', password: 'owner-password' }));
  shopper = (await signUp(t.app)).cookie;
  await insertCatalog(t.database.db, ['Arc'], [{ name: 'Other One', brand: 'Arc', color: 'Red', price: 80 }]);
  // Nine different pictures: one more than a gallery holds.
  for (let i = 0; i < MAX_GALLERY_IMAGES + 1; i++) {
    photos.push(
      await sharp({
        create: { width: 60, height: 45, channels: 3, background: { r: 20 * i, g: 90, b: 200 } },
      })
        .png()
        .toBuffer(),
    );
  }
});
afterAll(() => t.close());

const headers = (cookie = admin) => ({ cookie, origin: TEST_ORIGIN });

async function newShoe(name: string): Promise<string> {
  const form = await multipart(
    { brand: 'Arc', name, color: 'Navy', price: '90', size: '9', q: '3', description: 'A gallery shoe.' },
    { name: 'cover.png', type: 'image/png', bytes: photos[0]! },
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/shoes',
    payload: form.payload,
    headers: { ...form.headers, ...headers() },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().shoe._id as string;
}

async function upload(
  shoeId: string,
  file: { name: string; type: string; bytes: Buffer } | undefined,
  alt = 'A photo',
  cookie = admin,
) {
  const form = await multipart({ alt }, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/shoes/${shoeId}/images`,
    payload: form.payload,
    headers: { ...form.headers, ...headers(cookie) },
  });
}
const png = (i: number) => ({ name: `photo-${i}.png`, type: 'image/png', bytes: photos[i]! });

const rows = (shoeId: string) =>
  t.database.db
    .select({
      id: shoeImages.id,
      position: shoeImages.position,
      image: shoeImages.image,
      alt: shoeImages.alt,
    })
    .from(shoeImages)
    .where(eq(shoeImages.shoeId, shoeId))
    .orderBy(asc(shoeImages.position));
const coverOf = async (shoeId: string) =>
  (await t.database.db.select({ image: shoes.image }).from(shoes).where(eq(shoes.id, shoeId)))[0]!.image;
const photoAudits = async (shoeId: string) =>
  t.database.db
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'shoe.photos'), eq(auditLog.targetId, shoeId)));
const publicShoe = async (shoeId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json();

/** The invariant: positions 0..n-1 without gaps, and row 0 is `shoes.image`. */
async function expectConsistent(shoeId: string) {
  const gallery = await rows(shoeId);
  expect(gallery.map((row) => row.position)).toEqual(gallery.map((_, i) => i));
  expect(await coverOf(shoeId)).toBe(gallery[0]!.image);
  return gallery;
}

describe('photo gallery', () => {
  it('starts as the cover when a shoe is created, and a new image on Modify replaces the cover', async () => {
    const id = await newShoe('Starting Gallery');
    const [cover] = await expectConsistent(id);
    expect(cover).toMatchObject({ alt: 'Starting Gallery' });
    expect((await publicShoe(id)).images).toEqual([{ url: cover!.image, alt: 'Starting Gallery' }]);

    await upload(id, png(1), 'Side view');
    const form = await multipart(
      {
        brand: 'Arc',
        name: 'Starting Gallery',
        color: 'Navy',
        price: '90',
        size: '9',
        q: '3',
        description: 'Changed.',
      },
      png(2),
    );
    const modified = await t.app.inject({
      method: 'PUT',
      url: `/api/shoes/${id}`,
      payload: form.payload,
      headers: { ...form.headers, ...headers() },
    });
    expect(modified.statusCode, modified.body).toBe(200);
    const gallery = await expectConsistent(id);
    expect(gallery).toHaveLength(2);
    expect(gallery[0]!.image).not.toBe(cover!.image);
    expect(gallery[1]!.alt).toBe('Side view');
  });

  it('adds photos one at a time with their alt text, up to 8; the 9th is refused with nothing written', async () => {
    const id = await newShoe('Full Gallery');
    for (let i = 1; i < MAX_GALLERY_IMAGES; i++) {
      const added = await upload(id, png(i), `View ${i}`);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().images).toHaveLength(i + 1);
      expect(added.json().images[i]).toMatchObject({ alt: `View ${i}` });
      expect(added.json().images[i].url).toMatch(/^\/uploads\/shoes\/.+\.webp$/);
    }
    const stored = added8(await rows(id));
    const files = () =>
      fs.readdirSync(path.join(t.config.uploadsDir, 'shoes')).filter((name) => name.startsWith(id));
    const filesBefore = files();
    const full = await upload(id, png(MAX_GALLERY_IMAGES), 'One too many');
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(MESSAGES.gallery.full(MAX_GALLERY_IMAGES));
    expect(await rows(id)).toEqual(stored);
    // Refused before the image is even converted: no file stored either.
    expect(files()).toEqual(filesBefore);
    await expectConsistent(id);
    // One audit entry per photo added.
    expect(await photoAudits(id)).toHaveLength(MAX_GALLERY_IMAGES - 1);
    const shown = await publicShoe(id);
    expect(shown.images.map((photo: { alt: string }) => photo.alt)).toEqual([
      'Full Gallery',
      ...Array.from({ length: MAX_GALLERY_IMAGES - 1 }, (_, i) => `View ${i + 1}`),
    ]);
    expect(shown.image).toBe(shown.images[0].url);
  });

  it('refuses an SVG, a file that is not an image, one over 10 MB, no file and no alt text, writing nothing', async () => {
    const id = await newShoe('Picky Gallery');
    const before = await rows(id);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
    );
    const refusals = [
      [await upload(id, { name: 'x.svg', type: 'image/svg+xml', bytes: svg }), 415],
      [
        await upload(id, { name: 'x.png', type: 'image/png', bytes: Buffer.from('not an image at all') }),
        415,
      ],
      [
        await upload(id, { name: 'x.png', type: 'image/png', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }),
        413,
      ],
      [await upload(id, undefined), 400],
      [await upload(id, png(1), '   '), 400],
    ] as const;
    for (const [response, status] of refusals) expect(response.statusCode, response.body).toBe(status);
    expect(refusals[0][0].json().error.message).toBe(MESSAGES.gallery.notAnImage);
    expect(refusals[2][0].json().error.message).toBe(MESSAGES.admin.imageTooLarge(10));
    expect(refusals[4][0].json().error.fields).toEqual({ alt: MESSAGES.gallery.alt(200) });
    expect(await rows(id)).toEqual(before);
    expect(await photoAudits(id)).toEqual([]);
    const files = fs
      .readdirSync(path.join(t.config.uploadsDir, 'shoes'))
      .filter((name) => name.startsWith(id));
    expect(files).toHaveLength(1);
  });

  it('changes alt text, reorders (the first becomes the cover), makes a cover, and keeps shoes.image in sync', async () => {
    const id = await newShoe('Ordered Gallery');
    await upload(id, png(1), 'Second');
    const [a, b, c] = (await upload(id, png(2), 'Third')).json().images as { _id: string; url: string }[];

    const alt = await t.app.inject({
      method: 'PUT',
      url: `/api/shoes/${id}/images/${b!._id}`,
      payload: { alt: '  The heel  ' },
      headers: headers(),
    });
    expect(alt.statusCode, alt.body).toBe(200);
    expect(alt.json().images[1]).toMatchObject({ _id: b!._id, alt: 'The heel' });

    const reordered = await t.app.inject({
      method: 'PUT',
      url: `/api/shoes/${id}/images/order`,
      payload: { ids: [c!._id, a!._id, b!._id] },
      headers: headers(),
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().images.map((photo: { _id: string }) => photo._id)).toEqual([
      c!._id,
      a!._id,
      b!._id,
    ]);
    expect(await coverOf(id)).toBe(c!.url);
    await expectConsistent(id);

    const cover = await t.app.inject({
      method: 'PUT',
      url: `/api/shoes/${id}/images/${b!._id}/cover`,
      headers: headers(),
    });
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json().images.map((photo: { _id: string }) => photo._id)).toEqual([b!._id, c!._id, a!._id]);
    expect(await coverOf(id)).toBe(b!.url);
    expect((await publicShoe(id)).image).toBe(b!.url);
    await expectConsistent(id);
    // Two uploads, the alt text, the order, the cover: one entry each, read as words by the audit log.
    const audits = await photoAudits(id);
    expect(audits).toHaveLength(5);
    expect(audits).toContainEqual({ before: { description: 'Second' }, after: { description: 'The heel' } });
    expect(audits).toContainEqual({
      before: { order: ['Ordered Gallery', 'The heel', 'Third'] },
      after: { order: ['Third', 'Ordered Gallery', 'The heel'] },
    });
  });

  it('refuses an order that is not every photo once (400), changing nothing', async () => {
    const id = await newShoe('Strict Order');
    const [a, b] = (await upload(id, png(1), 'Second')).json().images as { _id: string }[];
    const before = await rows(id);
    for (const ids of [[a!._id], [a!._id, a!._id], [a!._id, b!._id, 'x'], [b!._id, 'not-an-id'], []]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/shoes/${id}/images/order`,
        payload: { ids },
        headers: headers(),
      });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect(await rows(id)).toEqual(before);
  });

  it('deletes a photo (the cover too: the next one takes its place) but never the last one (409)', async () => {
    const id = await newShoe('Shrinking Gallery');
    const [a, b] = (await upload(id, png(1), 'Second')).json().images as { _id: string; url: string }[];
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/shoes/${id}/images/${a!._id}`,
      headers: headers(),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().images).toEqual([expect.objectContaining({ _id: b!._id })]);
    expect(await coverOf(id)).toBe(b!.url);
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/shoes/${id}/images/${b!._id}`,
      headers: headers(),
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(MESSAGES.gallery.lastPhoto);
    await expectConsistent(id);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/shoes/${id}/images/${a!._id}`,
      headers: headers(),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('is for staff only: a shopper gets 403, a visitor 401, and nothing changes', async () => {
    const id = await newShoe('Guarded Gallery');
    const [cover] = await rows(id);
    const requests = (cookie?: string) =>
      [
        { method: 'GET' as const, url: `/api/shoes/${id}/images` },
        { method: 'PUT' as const, url: `/api/shoes/${id}/images/${cover!.id}`, payload: { alt: 'Hacked' } },
        { method: 'PUT' as const, url: `/api/shoes/${id}/images/order`, payload: { ids: [cover!.id] } },
        { method: 'PUT' as const, url: `/api/shoes/${id}/images/${cover!.id}/cover` },
        { method: 'DELETE' as const, url: `/api/shoes/${id}/images/${cover!.id}` },
      ].map((request) => ({ ...request, headers: cookie ? headers(cookie) : { origin: TEST_ORIGIN } }));
    for (const request of requests(shopper)) expect((await t.app.inject(request)).statusCode).toBe(403);
    for (const request of requests()) expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await upload(id, png(1), 'Shopper', shopper)).statusCode).toBe(403);
    expect(await rows(id)).toEqual([cover]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shoes/${id}/images`, headers: headers() })).json(),
    ).toEqual({
      images: [{ _id: cover!.id, url: cover!.image, alt: cover!.alt }],
    });
  });

  it('answers 404 for a shoe that does not exist', async () => {
    const response = await upload('00000000-0000-4000-8000-000000000000', png(1));
    expect(response.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shoes/nope/images', headers: headers() })).statusCode,
    ).toBe(404);
  });
});

const added8 = <T>(gallery: T[]) => {
  expect(gallery).toHaveLength(MAX_GALLERY_IMAGES);
  return gallery;
};
