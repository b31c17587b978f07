import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { shoes } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [
      { name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 90 },
      { name: 'Cloud Runner', brand: 'Velo', color: 'Red', price: 120 },
    ],
  ));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', uid: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/favorites/${uid}`,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

describe('favorites', () => {
  it('adds once, lists newest first, removes, and forgets a deleted shoe', async () => {
    const { cookie, user } = await signUp(t.app);
    const storm = ids.get('Storm Court')!;
    const cloud = ids.get('Cloud Runner')!;
    expect((await call('POST', user._id, cookie, { shoeId: storm })).json()).toEqual({
      message: MESSAGES.favorites.added,
    });
    await call('POST', user._id, cookie, { shoeId: storm });
    await call('POST', user._id, cookie, { shoeId: cloud });
    const listed = (await call('GET', user._id, cookie)).json();
    expect(listed.map((shoe: { name: string }) => shoe.name)).toEqual(['Cloud Runner', 'Storm Court']);
    expect(listed[0]).toMatchObject({ _id: cloud, brand: 'Velo', price: 120 });

    expect((await call('DELETE', user._id, cookie, { shoeId: cloud })).json()).toEqual({
      message: MESSAGES.favorites.removed,
    });
    expect((await call('GET', user._id, cookie)).json().map((shoe: { _id: string }) => shoe._id)).toEqual([
      storm,
    ]);

    await t.database.db.delete(shoes).where(eq(shoes.id, storm));
    expect((await call('GET', user._id, cookie)).json()).toEqual([]);
  });

  it("refuses anyone else's favorites with 403, and visitors with 401", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const shoeId = ids.get('Cloud Runner')!;
    expect((await call('GET', owner.user._id, other.cookie)).statusCode).toBe(403);
    expect((await call('POST', owner.user._id, other.cookie, { shoeId })).statusCode).toBe(403);
    expect((await call('DELETE', owner.user._id, other.cookie, { shoeId })).statusCode).toBe(403);
    expect((await call('GET', owner.user._id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed shoe, and 400 for extra fields', async () => {
    const { cookie, user } = await signUp(t.app);
    expect(
      (await call('POST', user._id, cookie, { shoeId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await call('POST', user._id, cookie, { shoeId: 'nope' })).statusCode).toBe(404);
    const extra = await call('POST', user._id, cookie, {
      shoeId: ids.get('Cloud Runner')!,
      idUser: 'someone',
    });
    expect(extra.statusCode).toBe(400);
  });
});
