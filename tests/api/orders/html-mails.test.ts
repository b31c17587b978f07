import { toPlainText } from '@react-email/render';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema.js';
import { EMAIL_CONFIRMATION_SUBJECT } from '../../../src/server/mail/templates/account-mails.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createSender } from '../support/sender.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Mails a shopper keeps (issue 31 item 7): the confirmation an order's payment sends is kept in the
 * outbox with its HTML part beside the plain text, and the HTML names the order's number, its pairs
 * with their pictures, and where it goes. The templates themselves are tested in
 * src/server/mail/templates/templates.test.ts.
 */
/** The shop's public address: the test app's default, where the shopper's requests come from. */
const PUBLIC_URL = TEST_ORIGIN;
let t: TestApp;
let shoeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Html Runner', brand: 'Stride', color: 'Red', price: 70, sizes: [['9.5', 10]] }],
  );
  shoeId = shoeIds.get('Html Runner')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 84);

describe('the confirmation mail in the outbox', () => {
  it('has an HTML part with the order number, its pairs and the delivery address', async () => {
    const shopper = await signUp(t.app);
    const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
    const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
      id: method.json().id,
      shoes: [{ _id: shoeId, size: '9.5', quantity: 2 }],
      amount: 14_000,
      deliveryAddress: {
        name: 'Ana Lima',
        line1: '12 Harbor Dr.',
        line2: 'Suite 400',
        city: 'San Diego',
        state: 'CA',
        postal_code: '92101',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().order as { idPayment: string; number: string };
    expect(order.number).toMatch(/^SS-\d+$/);

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, shopper.email), ne(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)));
    expect(mail!.subject).toContain(order.idPayment);
    expect(mail!.text).toContain('Thanks for your order!');
    expect(mail!.html).toMatch(/^<!DOCTYPE html/);
    const html = mail!.html!;
    const seen = toPlainText(html, { wordwrap: false });
    expect(seen).toContain(order.number);
    expect(seen).toContain('Html Runner');
    expect(seen).toContain('Size 9.5 · Qty 2 · $70 each');
    expect(seen).toContain('$140');
    for (const line of ['Ana Lima', '12 Harbor Dr.', 'Suite 400', 'San Diego, CA 92101'])
      expect(seen).toContain(line);
    // The picture and the order's page at the shop's public address: a mail is read far from the shop.
    expect(html).toContain(`src="${PUBLIC_URL}/uploads/w320/shoes/html-runner.webp"`);
    expect(html).toContain(`href="${PUBLIC_URL}/order/${order.idPayment}"`);
  });
});
