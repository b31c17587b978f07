import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox } from '../../../src/server/db/schema.js';
import { EMAIL_CONFIRMATION_SUBJECT } from '../../../src/server/mail/templates/account-mails.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { createSender } from '../support/sender.js';

/**
 * A password shopper and a drop (issue 36, docs/decisions/032): refused until they open the link
 * their sign-up mailed, entered once they have. draw.test.ts enters shoppers confirmed by hand.
 */

const ADMIN = { email: 'owner@confirmed-entry.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.62.0.1' }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Comet', brand: 'Stride', color: 'Silver', price: 180, sizes: [['9', 5]] }],
  );
  shoeId = shoeIds.get('Comet')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 64);

describe('a drop entry by a password shopper', () => {
  it('is refused until the mailed link confirms their address, and taken after', async () => {
    const scheduled = await send('POST', '/api/admin/drops', admin, {
      shoeId,
      mode: 'draw',
      opensAt: new Date().toISOString(),
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      sizes: [{ size: '9', pairs: 2 }],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const dropId = (scheduled.json() as { _id: string })._id;

    const shopper = await signUp(t.app);
    const card = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
    expect(card.statusCode, card.body).toBe(200);
    const entry = {
      size: '9',
      paymentMethodId: (card.json() as { id: string }).id,
      deliveryAddress: {
        name: 'Ana Lima',
        line1: '12 Main Street',
        city: 'San Diego',
        state: 'California',
        postal_code: '92101',
      },
    };
    const enter = () => send('POST', `/api/drops/${dropId}/entries`, shopper.cookie, entry);

    const refused = await enter();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'email_not_verified',
      message: MESSAGES.drops.verifyEmail,
    });

    // The link of the mail its sign-up sent, opened as the confirmation page posts it.
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, shopper.email), eq(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)));
    const token = decodeURIComponent(mail!.text.match(/\/verify-email\?token=([^\s&]+)/)![1]!);
    const confirmed = await send('POST', '/api/account/verify-email', '', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const entered = await enter();
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json().message).toBe(MESSAGES.drops.entered('9'));
  });
});
