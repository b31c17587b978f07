import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchShoePage } from './shoe-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(body: unknown, headers: Record<string, string>) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json(body, { headers })));
}

// A shoe as the list answers it (checked against the answer's schema here, as in development).
const shoe = {
  _id: '5f0e4c1a-3b7d-4e2a-9c1f-2d8b6a4e7f10',
  name: 'Cloud Runner',
  brand: 'Stride',
  image: '/uploads/shoes/cloud-runner.webp',
  description: 'A light runner.',
  color: 'Black',
  price: 120,
  onSale: false,
  stock: [{ _id: '7a1c2e3d-4b5f-4a6b-8c7d-9e0f1a2b3c4d', size: '9', quantity: 3 }],
  version: 1,
};

// The shop's count ("12 shoes", "1000+ shoes") and the drawer's button read what this gives.
describe('fetchShoePage', () => {
  it('reads the total, and no lower bound when the server sends none', async () => {
    answering([shoe], { 'X-Total-Count': '12' });
    expect(await fetchShoePage('/api/shoes?name=cloud')).toEqual({ items: [shoe], total: 12 });
  });

  it('reads a search past its cap as a lower bound (decision 033)', async () => {
    answering([shoe], { 'X-Total-Count': '1000', 'X-Total-Is-Lower-Bound': 'true' });
    expect(await fetchShoePage('/api/shoes?name=black')).toEqual({
      items: [shoe],
      total: 1000,
      totalIsLowerBound: true,
    });
  });

  it("answers the spec's no-match message as an empty page", async () => {
    answering({ message: 'No shoes match your search' }, {});
    expect(await fetchShoePage('/api/shoes?name=zzz')).toEqual({ items: [], total: 0 });
  });
});
