/** Matrix rows of a shoe's photo gallery (issue 33 item 1): staff only, like every catalogue write. */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shoeImages, shoes } from '../../../../../src/server/db/schema.js';
import { multipart } from '../../multipart.js';
import { OK, CREATED, staffOnly, type Row, get, put, del } from '../roles.js';
import { png, db } from '../world.js';
import { freshShoe } from '../fixtures.js';

const FIXTURE_IMAGE = '/uploads/shoes/fixture.webp';

/** A fresh shoe with two photos: `first` (the cover, as its `image`) and `second`. */
async function freshGallery(): Promise<Record<string, string>> {
  const shoe = await freshShoe();
  const [first, second] = await db()
    .insert(shoeImages)
    .values([
      { shoeId: shoe, position: 0, image: FIXTURE_IMAGE, alt: 'Cover' },
      { shoeId: shoe, position: 1, image: '/uploads/shoes/fixture-side.webp', alt: 'Side' },
    ])
    .returning({ id: shoeImages.id });
  return { shoe, first: first!.id, second: second!.id };
}

const gallery = (shoe: string) =>
  db()
    .select({ id: shoeImages.id, image: shoeImages.image, alt: shoeImages.alt })
    .from(shoeImages)
    .where(eq(shoeImages.shoeId, shoe))
    .orderBy(asc(shoeImages.position));
const coverOf = async (shoe: string) =>
  (await db().select({ image: shoes.image }).from(shoes).where(eq(shoes.id, shoe)))[0]?.image;

export const GALLERY_ROWS: Row[] = [
  {
    route: 'GET /api/shoes/{id}/images',
    outcomes: staffOnly(OK),
    prepare: freshGallery,
    request: ({ fixture }) => get(`/api/shoes/${fixture.shoe}/images`),
    check: (response) =>
      expect(response.json().images.map((photo: { alt: string }) => photo.alt)).toEqual(['Cover', 'Side']),
  },
  {
    route: 'POST /api/shoes/{id}/images',
    outcomes: staffOnly(CREATED),
    prepare: freshGallery,
    request: async ({ fixture }) => {
      const form = await multipart({ alt: 'Sole' }, { name: 'sole.png', type: 'image/png', bytes: png });
      return {
        method: 'POST',
        url: `/api/shoes/${fixture.shoe}/images`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    state: async ({ fixture }) => (await gallery(fixture.shoe!)).map((photo) => photo.alt),
    after: () => ['Cover', 'Side', 'Sole'],
  },
  {
    route: 'PUT /api/shoes/{id}/images/order',
    outcomes: staffOnly(OK),
    prepare: freshGallery,
    request: ({ fixture }) =>
      put(`/api/shoes/${fixture.shoe}/images/order`, { ids: [fixture.second, fixture.first] }),
    state: async ({ fixture }) => ({
      order: (await gallery(fixture.shoe!)).map((photo) => photo.alt),
      cover: await coverOf(fixture.shoe!),
    }),
    after: () => ({ order: ['Side', 'Cover'], cover: '/uploads/shoes/fixture-side.webp' }),
  },
  {
    route: 'PUT /api/shoes/{id}/images/{imageId}',
    outcomes: staffOnly(OK),
    prepare: freshGallery,
    request: ({ fixture }) => put(`/api/shoes/${fixture.shoe}/images/${fixture.second}`, { alt: 'The heel' }),
    state: async ({ fixture }) => (await gallery(fixture.shoe!)).map((photo) => photo.alt),
    after: () => ['Cover', 'The heel'],
  },
  {
    route: 'PUT /api/shoes/{id}/images/{imageId}/cover',
    outcomes: staffOnly(OK),
    prepare: freshGallery,
    request: ({ fixture }) => ({
      method: 'PUT',
      url: `/api/shoes/${fixture.shoe}/images/${fixture.second}/cover`,
    }),
    state: async ({ fixture }) => coverOf(fixture.shoe!),
    after: () => '/uploads/shoes/fixture-side.webp',
  },
  {
    route: 'DELETE /api/shoes/{id}/images/{imageId}',
    outcomes: staffOnly(OK),
    prepare: freshGallery,
    request: ({ fixture }) => del(`/api/shoes/${fixture.shoe}/images/${fixture.second}`),
    state: async ({ fixture }) => (await gallery(fixture.shoe!)).map((photo) => photo.alt),
    after: () => ['Cover'],
  },
];
