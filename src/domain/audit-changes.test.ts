// One file because each family of audit entries (shoes, orders, discount codes, shipping, tax, staff)
// is checked against the same function, with the shapes its writer stores side by side.
import { describe, expect, it } from 'vitest';
import { auditChanges, labelOfKey } from './audit-changes.js';

// The before and after values below are the shapes the server's writers store (grep recordAudit).

describe('shoes', () => {
  const shoe = {
    name: 'Air Zoom',
    brand: 'Nike',
    color: 'Black',
    price: 120,
    description: 'A light running shoe',
    onSale: false,
    size: '9',
    quantity: 13,
  };

  it('an edit lists only what changed: the price in dollars, the size’s stock, the sale as yes/no', () => {
    expect(auditChanges('shoe.update', shoe, { ...shoe, price: 99, quantity: 0, onSale: true })).toEqual([
      { label: 'Price', from: '$120', to: '$99' },
      { label: 'On sale', from: 'no', to: 'yes' },
      { label: 'Size 9 stock', from: '13', to: '0' },
    ]);
  });

  it('lists the fields in the form’s order, not jsonb’s (which stores the shortest keys first)', () => {
    const stored = (value: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1)));
    expect(Object.keys(stored(shoe))[0]).toBe('name');
    expect(Object.keys(stored(shoe))[1]).toBe('size');
    expect(
      auditChanges('shoe.update', stored(shoe), stored({ ...shoe, quantity: 2, color: 'Red', price: 99 })),
    ).toEqual([
      { label: 'Color', from: 'Black', to: 'Red' },
      { label: 'Price', from: '$120', to: '$99' },
      { label: 'Size 9 stock', from: '13', to: '2' },
    ]);
  });

  it('a price with cents keeps them; a new picture says so, in its place among the fields', () => {
    expect(
      auditChanges('shoe.update', shoe, { ...shoe, price: 99.5, quantity: 12, image: '/uploads/x.webp' }),
    ).toEqual([
      { label: 'Price', from: '$120', to: '$99.50' },
      { label: 'Picture', to: 'new picture' },
      { label: 'Size 9 stock', from: '13', to: '12' },
    ]);
  });

  it('an edit without the sale flag does not claim the sale went away', () => {
    const { onSale, ...withoutSale } = shoe;
    expect(onSale).toBe(false);
    expect(auditChanges('shoe.update', shoe, { ...withoutSale, name: 'Air Zoom 2' })).toEqual([
      { label: 'Name', from: 'Air Zoom', to: 'Air Zoom 2' },
    ]);
  });

  it('the same values saved again change nothing', () => {
    expect(auditChanges('shoe.update', shoe, { ...shoe })).toEqual([]);
  });

  it('a new shoe lists what was set, its first size and pairs included', () => {
    const { onSale, ...created } = shoe;
    expect(onSale).toBe(false);
    expect(auditChanges('shoe.create', null, created)).toEqual([
      { label: 'Name', to: 'Air Zoom' },
      { label: 'Brand', to: 'Nike' },
      { label: 'Color', to: 'Black' },
      { label: 'Price', to: '$120' },
      { label: 'Description', to: 'A light running shoe' },
      { label: 'Size 9 stock', to: '13' },
    ]);
  });

  it('a deleted shoe lists what went, its price from cents', () => {
    expect(
      auditChanges('shoe.delete', { name: 'Air Zoom', priceCents: 12000, color: 'Black' }, null),
    ).toEqual([
      { label: 'Name', from: 'Air Zoom' },
      { label: 'Color', from: 'Black' },
      { label: 'Price', from: '$120' },
    ]);
  });

  it('a restock is the size’s stock before and after', () => {
    expect(auditChanges('shoe.stock', { size: '9.5', quantity: 0 }, { size: '9.5', quantity: 5 })).toEqual([
      { label: 'Size 9.5 stock', from: '0', to: '5' },
    ]);
  });

  it('a sale switched on', () => {
    expect(auditChanges('shoe.sale', { onSale: false }, { onSale: true })).toEqual([
      { label: 'On sale', from: 'no', to: 'yes' },
    ]);
  });

  it('a list of sizes is compared size by size: added, removed, stock changed', () => {
    const before = {
      stock: [
        { _id: 'a', size: '9', quantity: 13 },
        { _id: 'b', size: '10', quantity: 2 },
      ],
    };
    const after = {
      stock: [
        { _id: 'a', size: '9', quantity: 0 },
        { _id: 'c', size: '11', quantity: 4 },
      ],
    };
    expect(auditChanges('shoe.update', before, after)).toEqual([
      { label: 'Size 9 stock', from: '13', to: '0' },
      { label: 'Size 10 stock', from: '2' },
      { label: 'Size 11 stock', to: '4' },
    ]);
  });

  it('a long description is cut in the list', () => {
    const long = 'x'.repeat(200);
    const [change] = auditChanges('shoe.update', shoe, { ...shoe, description: long });
    expect(change!.to!.length).toBe(80);
    expect(change!.to!.endsWith('…')).toBe(true);
  });
});

describe('brands and users', () => {
  it('a brand added and a brand deleted', () => {
    expect(auditChanges('brand.create', null, { name: 'Puma' })).toEqual([{ label: 'Name', to: 'Puma' }]);
    expect(auditChanges('brand.delete', { name: 'Puma' }, null)).toEqual([{ label: 'Name', from: 'Puma' }]);
  });

  it('a user’s status and manager flag', () => {
    expect(
      auditChanges(
        'user.update',
        { status: 'Enabled', manager: false },
        { status: 'Disabled', manager: true },
      ),
    ).toEqual([
      { label: 'Status', from: 'Enabled', to: 'Disabled' },
      { label: 'Manager', from: 'no', to: 'yes' },
    ]);
  });
});

describe('orders', () => {
  it('a status change', () => {
    expect(auditChanges('order.status', 'Pending', 'Received')).toEqual([
      { label: 'Status', from: 'Pending', to: 'Received' },
    ]);
  });

  it('a shipment: the first one lists carrier and number, a correction what changed', () => {
    expect(auditChanges('order.shipment', null, { carrier: 'UPS', trackingNumber: '1Z999' })).toEqual([
      { label: 'Carrier', to: 'UPS' },
      { label: 'Tracking number', to: '1Z999' },
    ]);
    expect(
      auditChanges(
        'order.shipment',
        { carrier: 'UPS', trackingNumber: '1Z999' },
        { carrier: 'FedEx', trackingNumber: '1Z999' },
      ),
    ).toEqual([{ label: 'Carrier', from: 'UPS', to: 'FedEx' }]);
  });

  it('a refund: the money given back so far, the reason, the pairs (not their line ids), the restock', () => {
    expect(
      auditChanges(
        'order.refund',
        { refundedCents: 0 },
        {
          value: { refundedCents: 24000 },
          reason: 'Damaged sole',
          buyerMessage: 'Sorry!',
          lines: [
            { lineId: '7f1c2c1e-0000-4000-8000-000000000001', quantity: 1 },
            { lineId: '7f1c2c1e-0000-4000-8000-000000000002', quantity: 2 },
          ],
          restock: true,
        },
      ),
    ).toEqual([
      { label: 'Refunded', from: '$0', to: '$240' },
      { label: 'Reason', to: 'Damaged sole' },
      { label: 'Pairs', to: '3' },
      { label: 'Back in stock', to: 'yes' },
      { label: 'Message to the buyer', to: 'Sorry!' },
    ]);
  });

  it('a refund by amount names no pairs', () => {
    expect(
      auditChanges(
        'order.refund',
        { refundedCents: 1000 },
        { value: { refundedCents: 1550 }, reason: 'Goodwill', lines: [], restock: false },
      ),
    ).toEqual([
      { label: 'Refunded', from: '$10', to: '$15.50' },
      { label: 'Reason', to: 'Goodwill' },
      { label: 'Back in stock', to: 'no' },
    ]);
  });

  it('a return decided: its state in words, the shopper’s reason in words', () => {
    expect(
      auditChanges('order.return', 'requested', {
        value: 'rejected',
        reason: 'wrong_size',
        lines: [{ lineId: 'l1', quantity: 1 }],
        message: 'Worn outside',
      }),
    ).toEqual([
      { label: 'Return', from: 'Requested', to: 'Rejected' },
      { label: 'Reason', to: 'Wrong size' },
      { label: 'Pairs', to: '1' },
      { label: 'Message', to: 'Worn outside' },
    ]);
  });
});

describe('discount codes', () => {
  const terms = {
    code: 'SPRING25',
    amount: { kind: 'percent', percent: 25 },
    target: { kind: 'cart' },
    minSubtotalCents: null,
    startsOn: null,
    endsOn: '2026-12-31',
    maxUses: null,
    oncePerCustomer: false,
  };

  it('a new code lists the terms it was given, the empty ones left out', () => {
    expect(auditChanges('discount.create', null, terms)).toEqual([
      { label: 'Code', to: 'SPRING25' },
      { label: 'Discount', to: '25%' },
      { label: 'Applies to', to: 'the whole cart' },
      { label: 'Ends', to: '2026-12-31' },
      { label: 'Once per customer', to: 'no' },
    ]);
  });

  it('an edit compares the admin answer (dollars) with the new terms (cents): only real changes', () => {
    const answer = {
      _id: 'c0ffee00-0000-4000-8000-000000000000',
      code: 'SPRING25',
      kind: 'percent',
      percent: 25,
      amount: null,
      minSubtotal: null,
      startsOn: null,
      endsOn: '2026-12-31',
      maxUses: null,
      uses: 4,
      oncePerCustomer: false,
      target: 'cart',
      brands: [],
      active: true,
      orders: 4,
      discounted: 120.5,
    };
    expect(auditChanges('discount.update', answer, terms)).toEqual([]);
    expect(
      auditChanges('discount.update', answer, {
        ...terms,
        amount: { kind: 'fixed', amountCents: 1000 },
        target: { kind: 'brands', brands: ['Nike', 'Puma'] },
        minSubtotalCents: 5000,
        maxUses: 100,
      }),
    ).toEqual([
      { label: 'Discount', from: '25%', to: '$10' },
      { label: 'Applies to', from: 'the whole cart', to: 'brands: Nike, Puma' },
      { label: 'Minimum subtotal', from: 'none', to: '$50' },
      { label: 'Use limit', from: 'no limit', to: '100' },
    ]);
  });

  it('a code switched off', () => {
    expect(auditChanges('discount.active', { active: true }, { active: false })).toEqual([
      { label: 'Active', from: 'yes', to: 'no' },
    ]);
  });
});

describe('shipping methods and sales tax', () => {
  const method = {
    name: 'Express',
    priceCents: 1995,
    freeAboveCents: null,
    minDays: 1,
    maxDays: 2,
    active: true,
  };

  it('a new method: its price, the delivery estimate as one line', () => {
    expect(auditChanges('shipping.create', null, method)).toEqual([
      { label: 'Name', to: 'Express' },
      { label: 'Price', to: '$19.95' },
      { label: 'Delivery', to: '1–2 business days' },
      { label: 'Active', to: 'yes' },
    ]);
  });

  it('an edit and a removal', () => {
    expect(
      auditChanges('shipping.update', method, {
        ...method,
        freeAboveCents: 15000,
        maxDays: 3,
        active: false,
      }),
    ).toEqual([
      { label: 'Free above', from: 'never', to: '$150' },
      { label: 'Delivery', from: '1–2 business days', to: '1–3 business days' },
      { label: 'Active', from: 'yes', to: 'no' },
    ]);
    expect(auditChanges('shipping.delete', method, null)[0]).toEqual({ label: 'Name', from: 'Express' });
  });

  it('the methods reordered, by name', () => {
    expect(auditChanges('shipping.order', null, ['Express', 'Standard'])).toEqual([
      { label: 'Order in the cart', to: 'Express, Standard' },
    ]);
  });

  it('a state’s rate set, changed and removed', () => {
    expect(auditChanges('tax.set', null, { rateMilliPercent: 8875, taxShipping: false })).toEqual([
      { label: 'Rate', to: '8.875%' },
      { label: 'Shipping taxed', to: 'no' },
    ]);
    expect(
      auditChanges(
        'tax.set',
        { rateMilliPercent: 6000, taxShipping: false },
        { rateMilliPercent: 7250, taxShipping: true },
      ),
    ).toEqual([
      { label: 'Rate', from: '6%', to: '7.25%' },
      { label: 'Shipping taxed', from: 'no', to: 'yes' },
    ]);
    expect(auditChanges('tax.remove', { rateMilliPercent: 6000, taxShipping: true }, null)).toEqual([
      { label: 'Rate', from: '6%' },
      { label: 'Shipping taxed', from: 'yes' },
    ]);
  });
});

describe('the staff’s own account', () => {
  it('a sign-in: the second step in words, the address and browser; an unknown address is left out', () => {
    expect(
      auditChanges('staff.sign-in', null, {
        secondFactor: 'authenticator',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
      }),
    ).toEqual([
      { label: 'Second step', to: 'Authenticator code' },
      { label: 'Address', to: '203.0.113.7' },
      { label: 'Browser', to: 'Mozilla/5.0' },
    ]);
    expect(auditChanges('staff.sign-in-failed', null, { ip: null, userAgent: 'curl/8' })).toEqual([
      { label: 'Browser', to: 'curl/8' },
    ]);
  });

  it('a passkey added, two-step sign-in turned on', () => {
    expect(
      auditChanges('staff.passkey-added', null, { passkey: 'iCloud Keychain', ip: null, userAgent: null }),
    ).toEqual([{ label: 'Passkey', to: 'iCloud Keychain' }]);
    expect(auditChanges('staff.two-factor-on', null, { ip: null, userAgent: null })).toEqual([]);
  });
});

describe('fields nobody taught it', () => {
  it('read as words from the key, cents as dollars, ids left out, objects as short JSON', () => {
    expect(
      auditChanges('user.update', null, {
        userId: '7f1c2c1e-0000-4000-8000-000000000001',
        giftWrapCents: 500,
        loyaltyTier: 'gold',
        extra: { a: 1 },
      }),
    ).toEqual([
      { label: 'Gift wrap', to: '$5' },
      { label: 'Loyalty tier', to: 'gold' },
      { label: 'Extra', to: '{"a":1}' },
    ]);
  });

  it('an id alone is still shown', () => {
    expect(auditChanges('brand.delete', { id: 'b1' }, null)).toEqual([{ label: 'Id', from: 'b1' }]);
  });

  it('camelCase and snake_case keys become a label', () => {
    expect(labelOfKey('trackingNumber')).toBe('Tracking number');
    expect(labelOfKey('free_above')).toBe('Free above');
  });
});

describe('the compare-at price (issue 33)', () => {
  it('reads as money after the price, and as none once cleared', () => {
    const before = { name: 'Dash', price: 120, compareAtPrice: 150 };
    expect(auditChanges('shoe.update', before, { ...before, price: 99, compareAtPrice: 140 })).toEqual([
      { label: 'Price', from: '$120', to: '$99' },
      { label: 'Compare-at price', from: '$150', to: '$140' },
    ]);
    expect(auditChanges('shoe.update', before, { ...before, compareAtPrice: null })).toEqual([
      { label: 'Compare-at price', from: '$150', to: 'none' },
    ]);
  });
});
