import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox, restockRequests } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/** "Email me when it's back" (issue 17): waiting for a sold-out size, and the mail when it is back. */
const ADMIN = { email: 'owner@restock.test', password: 'owner-password' };
const M = MESSAGES.restock;

let t: TestApp;
let admin: string;
let ids: Map<string, string>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.90.0.1' }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      {
        name: 'Sold Runner',
        brand: 'Stride',
        color: 'Red',
        price: 80,
        sizes: [
          ['9', 0],
          ['10', 2],
        ],
      },
      { name: 'Other Runner', brand: 'Stride', color: 'Blue', price: 70, sizes: [['8', 0]] },
    ],
  ));
});
afterAll(() => t.close());

let requests = 0;
const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, cookie = '', on = t) =>
  on.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: `10.91.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });
const wait = (email: string, shoe: string, size: string) =>
  send('POST', '/api/restock', { email, shoeId: ids.get(shoe) ?? shoe, size });
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
/**
 * The mails with that subject, to anyone (or to one address, whatever its case): "mailed once"
 * counted where the mails are, not as the waiting rows a unique index keeps single anyway.
 */
const mailsAbout = async (subject: string, email?: string, on = t) =>
  (
    await on.database.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.subject, subject),
          email === undefined ? undefined : sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`,
        ),
      )
  ).map((mail) => mail.to.toLowerCase());
const backSubject = (shoe: string, size: string) => `${shoe} in size ${size} is back at Sneaker Street`;
const waitingFor = async (shoe: string) =>
  (
    await t.database.db
      .select()
      .from(restockRequests)
      .where(eq(restockRequests.shoeId, ids.get(shoe)!))
  ).length;

describe('waiting for a sold-out size', () => {
  it('is stored once per address, shoe and size, whatever the case of the address', async () => {
    const first = await wait('Ana@Example.com', 'Other Runner', '8');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: M.waiting('8') });
    expect((await wait('ana@example.com', 'Other Runner', '8')).statusCode).toBe(200);
    expect(await waitingFor('Other Runner')).toBe(1);
  });

  it('refuses a size in stock, a size the shoe does not come in, an unknown shoe and bad input', async () => {
    const inStock = await wait('bo@example.com', 'Sold Runner', '10');
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().error.message).toBe(M.inStock);
    const notOfShoe = await wait('bo@example.com', 'Sold Runner', '11');
    expect(notOfShoe.statusCode).toBe(404);
    expect(notOfShoe.json().error.message).toBe(M.notOfShoe);
    for (const shoe of ['00000000-0000-4000-8000-000000000000', "x' OR 1=1 --"]) {
      const unknown = await wait('bo@example.com', shoe, '9');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(MESSAGES.catalog.shoeNotFound);
    }
    for (const body of [
      { email: 'not-an-email', shoeId: ids.get('Sold Runner'), size: '9' },
      { email: 'bo@example.com', shoeId: ids.get('Sold Runner'), size: '' },
      { email: 'bo@example.com', shoeId: 'x'.repeat(101), size: '9' },
      { email: 'bo@example.com', size: '9' },
    ]) {
      expect((await send('POST', '/api/restock', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the size comes back', () => {
  it('mails every waiting address once when the admin adds stock, with a link to the shoe, and uses the requests up', async () => {
    for (const email of ['cy@example.com', 'di@example.com']) {
      expect((await wait(email, 'Sold Runner', '9')).statusCode).toBe(200);
    }
    const stats = (await send('GET', '/api/admin/stats', undefined, admin)).json();
    expect(stats.mostWanted[0]).toEqual({
      shoeId: ids.get('Sold Runner'),
      name: 'Sold Runner',
      size: '9',
      waiting: 2,
    });

    // Adding another size mails nobody waiting for size 9.
    const other = await send(
      'PUT',
      `/api/shoes/addSize/${ids.get('Sold Runner')}`,
      { size: '11', q: '1' },
      admin,
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(await mailsTo('cy@example.com')).toHaveLength(0);

    const restocked = await send(
      'PUT',
      `/api/shoes/addSize/${ids.get('Sold Runner')}`,
      { size: '9', q: '3' },
      admin,
    );
    expect(restocked.statusCode, restocked.body).toBe(200);
    for (const email of ['cy@example.com', 'di@example.com']) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Sold Runner in size 9 is back at Sneaker Street');
      expect(mails[0]!.text).toContain(`/shoes/${ids.get('Sold Runner')}`);
      expect(mails[0]!.text).not.toContain('unsubscribe');
    }
    expect(await waitingFor('Sold Runner')).toBe(0);
    const subject = backSubject('Sold Runner', '9');
    expect((await mailsAbout(subject)).sort()).toEqual(['cy@example.com', 'di@example.com']);

    // A second restock mails nobody again: still one mail each, and none to anyone else.
    const again = await send(
      'PUT',
      `/api/shoes/addSize/${ids.get('Sold Runner')}`,
      { size: '9', q: '1' },
      admin,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await mailsAbout(subject)).sort()).toEqual(['cy@example.com', 'di@example.com']);
  });

  it('mails on the Modify form too, and not while the quantity stays 0', async () => {
    expect((await wait('ed@example.com', 'Other Runner', '8')).statusCode).toBe(200);
    const shoe = (await send('GET', `/api/shoes/${ids.get('Other Runner')}`)).json();
    const modify = async (q: string) => {
      const form = await multipart({
        brand: 'Stride',
        name: 'Other Runner',
        color: 'Blue',
        price: '70',
        size: '8',
        q,
        description: 'Blue and quick.',
      });
      return t.app.inject({
        method: 'PUT',
        url: `/api/shoes/${shoe._id}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
      });
    };
    expect((await modify('0')).statusCode).toBe(200);
    expect(await mailsTo('ed@example.com')).toHaveLength(0);
    expect((await modify('4')).statusCode).toBe(200);
    expect(await mailsTo('ed@example.com')).toHaveLength(1);
    // Ana asked twice, in two cases: one mail.
    const subject = backSubject('Other Runner', '8');
    expect((await mailsAbout(subject, 'ana@example.com')).length).toBe(1);
    expect((await mailsAbout(subject)).sort()).toEqual(['ana@example.com', 'ed@example.com']);
    // Saving the form again, with more pairs, mails nobody a second time.
    expect((await modify('6')).statusCode).toBe(200);
    expect((await mailsAbout(subject)).sort()).toEqual(['ana@example.com', 'ed@example.com']);
  });

  it('is rate-limited like the newsletter', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/restock',
        payload: { email: `rl${i}@example.com`, shoeId: ids.get('Sold Runner'), size: '12' },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '10.92.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('two restocks of a size at once', () => {
  // PGlite runs one query at a time, which hides this race: always on the machine's PostgreSQL.
  let onPostgres: TestApp;
  let staff: string;
  beforeAll(async () => {
    ({ t: onPostgres, admin: staff } = await createStaffTestApp(ADMIN, {
      signInFrom: '10.93.0.1',
      app: { postgres: true },
    }));
    expect(onPostgres.database.kind).toBe('postgres');
  });
  afterAll(() => onPostgres?.close());

  it('mail each waiting address once', async () => {
    // Several sizes, each restocked by two requests together: the waiting addresses are taken by
    // one of them only, whichever comes first.
    const sizes = ['5', '5.5', '6', '6.5', '7'];
    const { shoeIds } = await insertCatalog(
      onPostgres.database.db,
      ['Twice'],
      [
        {
          name: 'Twin Runner',
          brand: 'Twice',
          color: 'Green',
          price: 60,
          sizes: sizes.map((size) => [size, 0]),
        },
      ],
    );
    const twin = shoeIds.get('Twin Runner')!;
    const waiting = (size: string) => [`gu.${size}@example.com`, `ha.${size}@example.com`];
    for (const size of sizes) {
      for (const email of waiting(size)) {
        const asked = await send('POST', '/api/restock', { email, shoeId: twin, size }, '', onPostgres);
        expect(asked.statusCode, asked.body).toBe(200);
      }
    }
    const restocks = await Promise.all(
      sizes.flatMap((size) =>
        [1, 2].map(() => send('PUT', `/api/shoes/addSize/${twin}`, { size, q: '1' }, staff, onPostgres)),
      ),
    );
    expect(restocks.map((response) => response.statusCode)).toEqual(restocks.map(() => 200));
    for (const size of sizes) {
      const mails = await mailsAbout(backSubject('Twin Runner', size), undefined, onPostgres);
      expect(mails.sort(), `size ${size}`).toEqual(waiting(size));
    }
  });
});
