/** Matrix rows of the catalogue: public reads, favorites and reviews. */
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { favoriteAlertSettings, favorites } from '../../../../../src/server/db/schema.js';
import {
  OK,
  CREATED,
  SIGN_IN_FIRST,
  FORBIDDEN,
  DISABLED,
  NOT_BOUGHT,
  anyone,
  type Row,
  get,
  post,
  put,
  del,
  ids,
} from '../roles.js';
import { brandId, anchorShoe, db, purchaseOf } from '../world.js';
import { freshShoe, orderFor, reviewBy } from '../fixtures.js';
import { favoriteCount, reviewCount, reviewRow } from '../state.js';

export const CATALOG_ROWS: Row[] = [
  // Catalogue: public reads.
  {
    route: 'GET /api/shoes',
    outcomes: anyone(OK),
    request: () => get('/api/shoes'),
    check: (response) => expect(ids(response)).toContain(anchorShoe),
  },
  {
    route: 'GET /api/shoes/onSale',
    outcomes: anyone(OK),
    request: () => get('/api/shoes/onSale'),
    check: (response) => expect(ids(response)).toContain(anchorShoe),
  },
  {
    route: 'GET /api/shoes/facets',
    outcomes: anyone(OK),
    request: () => get('/api/shoes/facets?size=9&scope=brand&brand=Velo'),
    check: (response) => {
      const facets = response.json() as {
        sizes: { value: string; count: number }[];
        brands: { value: string }[];
      };
      expect(facets.sizes).toHaveLength(12);
      expect(facets.brands.map((brand) => brand.value)).toEqual(['Velo']);
    },
  },
  {
    route: 'GET /api/shoes/colors',
    outcomes: anyone(OK),
    request: () => get('/api/shoes/colors'),
    check: (response) => expect(response.json()).toContain('Blue'),
  },
  {
    route: 'GET /api/shoes/{id}',
    outcomes: anyone(OK),
    request: () => get(`/api/shoes/${anchorShoe}`),
    check: (response) => expect(response.json()._id).toBe(anchorShoe),
  },
  {
    route: 'GET /api/shoes/{id}/also-like',
    note: 'the same answer for everyone: cached and server-rendered',
    outcomes: anyone(OK),
    request: () => get(`/api/shoes/${anchorShoe}/also-like`),
    check: (response) => expect(ids(response)).not.toContain(anchorShoe),
  },
  {
    route: 'GET /api/brands',
    outcomes: anyone(OK),
    request: () => get('/api/brands'),
    check: (response) => expect(ids(response)).toContain(brandId),
  },

  // Favorites: keyed by the user's id.
  {
    route: 'GET /api/favorites/{uid}',
    note: "the user's favorites",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    request: ({ owner }) => get(`/api/favorites/${owner.id}`),
    check: (response) => expect(ids(response)).toContain(anchorShoe),
  },
  {
    route: 'POST /api/favorites/{uid}',
    note: "to the user's favorites",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ owner, fixture }) => post(`/api/favorites/${owner.id}`, { shoeId: fixture.shoe }),
    state: ({ owner, fixture }) => favoriteCount(owner.id, fixture.shoe!),
    after: () => 1,
  },
  {
    route: 'DELETE /api/favorites/{uid}',
    note: "from the user's favorites",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      await db().insert(favorites).values({ userId: owner.id, shoeId: shoe });
      return { shoe };
    },
    request: ({ owner, fixture }) => del(`/api/favorites/${owner.id}`, { shoeId: fixture.shoe }),
    state: ({ owner, fixture }) => favoriteCount(owner.id, fixture.shoe!),
    after: () => 0,
  },

  // Favorite alerts: the user's own switch.
  {
    route: 'GET /api/favorites/{uid}/alerts',
    note: "whether the user's favorite alerts are on",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    request: ({ owner }) => get(`/api/favorites/${owner.id}/alerts`),
    check: (response) => expect(typeof response.json().enabled).toBe('boolean'),
  },
  {
    route: 'PUT /api/favorites/{uid}/alerts',
    note: "turns the user's favorite alerts on",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async ({ owner }) => {
      await db().delete(favoriteAlertSettings).where(eq(favoriteAlertSettings.userId, owner.id));
      return {};
    },
    request: ({ owner }) => put(`/api/favorites/${owner.id}/alerts`, { enabled: true }),
    state: async ({ owner }) =>
      (
        await db()
          .select()
          .from(favoriteAlertSettings)
          .where(and(eq(favoriteAlertSettings.userId, owner.id), eq(favoriteAlertSettings.enabled, true)))
      ).length,
    after: () => 1,
  },

  // Reviews.
  {
    route: 'GET /api/reviews/{shoeId}',
    outcomes: anyone(OK),
    request: () => get(`/api/reviews/${anchorShoe}`),
    // Only the user sees their review marked as their own; a disabled user reads as a visitor.
    check: (response, { role, owner }) => {
      const own = (response.json() as { _id: string; own: boolean }[]).filter((review) => review.own);
      expect(own.map((review) => review._id)).toEqual(role === 'user' ? [purchaseOf(owner).reviewId] : []);
    },
  },
  {
    route: 'GET /api/reviews/{shoeId}/eligibility',
    note: 'a shoe the user received',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': OK,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      await orderFor(owner, { status: 'Received', shoeId: shoe });
      return { shoe };
    },
    request: ({ fixture }) => get(`/api/reviews/${fixture.shoe}/eligibility`),
    // Each answers for themselves: only the buyer may review it.
    check: (response, { role }) => expect(response.json().eligible).toBe(role === 'user'),
  },
  {
    route: 'POST /api/reviews/{shoeId}',
    note: 'a shoe the user received',
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: CREATED,
      'other user': NOT_BOUGHT,
      'disabled user': DISABLED,
      manager: NOT_BOUGHT,
      administrator: NOT_BOUGHT,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      await orderFor(owner, { status: 'Received', shoeId: shoe });
      return { shoe };
    },
    request: ({ fixture }) =>
      post(`/api/reviews/${fixture.shoe}`, { review: 'True to size and comfortable.', rating: 4 }),
    state: ({ fixture }) => reviewCount(fixture.shoe!),
    after: () => 1,
  },
  {
    route: 'PUT /api/reviews/exact/{reviewId}',
    note: "the user's review",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    prepare: async ({ owner }) => ({ review: await reviewBy(owner, await freshShoe()) }),
    request: ({ fixture }) =>
      put(`/api/reviews/exact/${fixture.review}`, { review: 'Edited by the matrix.', rating: 2 }),
    state: ({ fixture }) => reviewRow(fixture.review!),
    after: () => ({ review: 'Edited by the matrix.', rating: 2 }),
  },
  {
    route: 'DELETE /api/reviews/exact/{reviewId}',
    note: "the user's review",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    prepare: async ({ owner }) => ({ review: await reviewBy(owner, await freshShoe()) }),
    request: ({ fixture }) => del(`/api/reviews/exact/${fixture.review}`),
    state: ({ fixture }) => reviewRow(fixture.review!),
    after: () => null,
  },
];
