/** Matrix rows of the shoes table's bulk edits (issue 33 item 5): staff only, like every catalogue write. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shoes } from '../../../../../src/server/db/schema.js';
import { OK, staffOnly, type Row, post } from '../roles.js';
import { db } from '../world.js';
import { freshShoe } from '../fixtures.js';

const priceOf = async (shoe: string) =>
  (await db().select({ priceCents: shoes.priceCents }).from(shoes).where(eq(shoes.id, shoe)))[0]?.priceCents;

/** 10% off a fresh $50 shoe: $45 once applied. */
const tenPercentOff = (shoe: string) => ({
  selection: { ids: [shoe] },
  action: { kind: 'price_percent', percent: -10 },
});

export const BULK_EDIT_ROWS: Row[] = [
  {
    route: 'POST /api/admin/shoes/bulk/preview',
    outcomes: staffOnly(OK),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ fixture }) => post('/api/admin/shoes/bulk/preview', tenPercentOff(fixture.shoe!)),
    // A preview writes nothing.
    state: async ({ fixture }) => priceOf(fixture.shoe!),
    check: (response) =>
      expect(response.json().shoes[0]).toMatchObject({ before: { price: 50 }, after: { price: 45 } }),
  },
  {
    route: 'POST /api/admin/shoes/bulk',
    outcomes: staffOnly(OK),
    prepare: async () => ({ shoe: await freshShoe() }),
    request: ({ fixture }) =>
      post('/api/admin/shoes/bulk', {
        ...tenPercentOff(fixture.shoe!),
        // A fresh shoe is at version 1.
        expected: [{ _id: fixture.shoe, version: 1 }],
      }),
    state: async ({ fixture }) => priceOf(fixture.shoe!),
    after: () => 4500,
  },
];
