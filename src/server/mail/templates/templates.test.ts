import { toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { accountDeletedMail, emailConfirmationMail, passwordResetMail } from './account-mails.js';
import { orderConfirmationMail } from './order-confirmation.js';
import { orderRefundMail, orderShippedMail } from './order-updates.js';
import type { MailContent } from './render.js';
import { returnStepMail } from './return-mails.js';
import { sampleOrder } from './sample-order.js';
import { newsletterWelcomeMail, restockMail } from './shopper-mails.js';

const publicUrl = 'https://shop.example';
const PAGE = `${publicUrl}/order/pi_3Qx7sample0042`;
/** What a reader of the HTML part sees, without tags and entities. */
const seen = (mail: MailContent) => toPlainText(mail.html, { wordwrap: false });
const must = async (pending: Promise<MailContent> | undefined) => {
  expect(pending).toBeDefined();
  return (await pending)!;
};

/** An order as the spec's checkout makes it: no code, no shipping method, no tax, no address. */
const specOrder = sampleOrder({
  discountCode: null,
  discount: 0,
  shipping: null,
  tax: 0,
  deliveryAddress: null,
  amount: 18_000,
  shoe: sampleOrder().shoe.map((line) => ({ ...line, discount: 0, tax: 0 })),
});

describe('every mail', () => {
  it('is HTML in the shop’s frame, with a link home and to the contact page, at most 600 px wide', async () => {
    const mail = await accountDeletedMail({ publicUrl });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain(`href="${publicUrl}/ContactUs"`);
    expect(seen(mail)).toContain('Sneaker Street');
    // Nothing in it is wider than a phone: no fixed width above the 600 px column.
    for (const [, width] of mail.html.matchAll(/(?<!max-)width:(\d+)px/g))
      expect(Number(width)).toBeLessThanOrEqual(600);
  });
});

describe('the order confirmation', () => {
  it('shows every pair with its picture, size, quantity and price, and what the card paid', async () => {
    const mail = await orderConfirmationMail({ publicUrl, order: sampleOrder() });
    const html = seen(mail);
    expect(mail.subject).toBe('Your Sneaker Street order pi_3Qx7sample0042');
    expect(html).toContain('SS-10042');
    expect(html).toContain('Cloud Runner Extra Long Name Edition');
    expect(html).toContain('Size 10.5 · Qty 2 · $65 each');
    expect(html).toContain('Court Classic');
    expect(html).toContain('Size 9 · Qty 1');
    // Pictures from the shop's own address, the small copy of a stored picture.
    expect(mail.html).toContain(`src="${publicUrl}/uploads/w320/shoes/cloud-runner.webp"`);
    expect(mail.html).toContain(`src="${publicUrl}/uploads/w320/shoes/court-classic.webp"`);
    for (const fact of ['Subtotal', '$180', 'Discount (FALL10)', '-$15', 'Shipping (Express)', '$19.95']) {
      expect(html).toContain(fact);
    }
    expect(html).toMatch(/Tax\s+\$11\.76/);
    expect(html).toMatch(/Total\s+\$196\.71/);
    expect(html).toContain('Fri, Nov 27 to Mon, Nov 30');
    for (const line of [
      "Sam O'Brien",
      '1600 Pennsylvania Ave. NW',
      'Apt #2',
      'Winston-Salem, NC 27101-1234',
    ]) {
      expect(html).toContain(line);
    }
    expect(html).toContain('return pairs within 30 days after they arrive');
    expect(mail.html).toContain(`href="${PAGE}"`);
  });

  it('writes free shipping as "Free" and leaves out a tax of nothing', async () => {
    const order = sampleOrder({
      shipping: { method: 'Standard', amount: 0, estimate: { from: '2026-12-01', to: '2026-12-01' } },
      tax: 0,
    });
    const mail = await orderConfirmationMail({ publicUrl, order });
    expect(seen(mail)).toMatch(/Shipping \(Standard\)\s+Free/);
    expect(seen(mail)).not.toMatch(/\bTax\b/);
    expect(seen(mail)).toContain('Tue, Dec 1');
    expect(mail.text).toContain('Shipping (Standard): Free\nTotal: $196.71');
    expect(mail.text).toContain('Estimated delivery: Tue, Dec 1');
  });

  it('keeps the plain text as it always read for the spec’s order, and adds shipping and tax when paid', async () => {
    const plain = await orderConfirmationMail({ publicUrl, order: specOrder });
    expect(plain.text).toBe(
      'Thanks for your order!\n\n' +
        '- Cloud Runner Extra Long Name Edition, size 10.5, x2: $65\n' +
        '- Court Classic, size 9, x1: $50\n\n' +
        `Total: $180\n\nYour order: ${PAGE}`,
    );
    expect(seen(plain)).not.toMatch(/Shipping|Tax|send it to|Estimated/i);

    const full = await orderConfirmationMail({ publicUrl, order: sampleOrder() });
    expect(full.text).toBe(
      'Thanks for your order!\n\n' +
        '- Cloud Runner Extra Long Name Edition, size 10.5, x2: $65 (-$13)\n' +
        '- Court Classic, size 9, x1: $50 (-$2)\n\n' +
        'Discount FALL10: -$15\nShipping (Express): $19.95\nTax: $11.76\nTotal: $196.71\n\n' +
        "We will send it to:\nSam O'Brien\n1600 Pennsylvania Ave. NW\nApt #2\nWinston-Salem, NC 27101-1234\n\n" +
        `Estimated delivery: Fri, Nov 27 to Mon, Nov 30\n\nYour order: ${PAGE}`,
    );
  });
});

describe('the mails after the order', () => {
  it('tell of the shipment with its carrier and tracking', async () => {
    const mail = await must(orderShippedMail({ publicUrl, order: sampleOrder() }));
    expect(mail.text).toBe(
      'Good news: your order has left our warehouse.\n\n' +
        'Follow it with UPS: https://www.ups.com/track?tracknum=1Z999AA10123456784\n\n' +
        `Your order: ${PAGE}`,
    );
    expect(seen(mail)).toContain('1Z999AA10123456784');
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(orderShippedMail({ publicUrl, order: sampleOrder({ shipment: null }) })).toBeUndefined();
  });

  it('name the pairs a refund gave back, never its internal reason', async () => {
    const mail = await must(orderRefundMail({ publicUrl, order: sampleOrder(), refundId: 'refund-1' }));
    expect(mail.subject).toBe('A refund on your Sneaker Street order pi_3Qx7sample0042');
    expect(mail.text).toBe(
      'We have refunded $51.57 to your card. It may take a few days to show on your statement.\n\n' +
        'Sorry for the scuffed box.\n\nThe pairs refunded:\n- 1 x Court Classic, size 9\n\n' +
        `Your order: ${PAGE}`,
    );
    const html = seen(mail);
    expect(html).toContain('The pairs refunded:');
    expect(html).toContain('Court Classic');
    expect(html).toContain('Size 9 · Qty 1');
    expect(html).not.toContain('Cloud Runner');
    expect(mail.html + mail.text).not.toContain('internal');
  });

  it('say nothing of pairs for a refund of an amount, as before', async () => {
    const order = sampleOrder();
    order.refunds[0]!.lines = [];
    order.refunds[0]!.message = null;
    const mail = await must(orderRefundMail({ publicUrl, order, refundId: 'refund-1' }));
    expect(mail.text).toBe(
      `We have refunded $51.57 to your card. It may take a few days to show on your statement.\n\nYour order: ${PAGE}`,
    );
    expect(orderRefundMail({ publicUrl, order, refundId: 'nope' })).toBeUndefined();
  });

  it('give each step of a return its words, with the pairs', async () => {
    const order = sampleOrder();
    const step = (name: 'requested' | 'approved' | 'rejected', returnAddress?: string) =>
      must(returnStepMail({ publicUrl, order, returnId: 'return-1', step: name, returnAddress }));
    const requested = await step('requested');
    expect(requested.text).toBe(
      'You asked to return (Wrong size):\n- 1 x Cloud Runner Extra Long Name Edition, size 10.5\n\n' +
        `We will answer within two working days; you will get a mail either way.\n\nYour order: ${PAGE}`,
    );
    expect(seen(requested)).toContain('Cloud Runner Extra Long Name Edition');
    const approved = await step('approved', 'Returns\n400 Warehouse Way');
    expect(approved.text).toContain(
      'Send them to:\n\nReturns\n400 Warehouse Way\n\nwith the order number pi_3Qx7sample0042',
    );
    expect(seen(approved)).toContain('400 Warehouse Way');
    const rejected = await step('rejected');
    expect(rejected.text).toBe(
      'We cannot accept your return request:\n\nThese pairs were worn outside: we cannot take them back.\n\n' +
        `Reply to this mail or write to us from the contact page if you have a question.\n\nYour order: ${PAGE}`,
    );
    expect(seen(rejected)).toContain('These pairs were worn outside');
  });
});

describe('the other mails', () => {
  it('keep their plain text and put their link in the HTML', async () => {
    const link = `${publicUrl}/reset-password?token=abc`;
    const reset = await passwordResetMail({ publicUrl, email: 'sam@example.com', link });
    expect(reset.subject).toBe('Reset your Sneaker Street password');
    expect(reset.text).toBe(
      'Someone (hopefully you) asked to reset the password of sam@example.com.\n\n' +
        `Choose a new password here within the next hour: ${link}\n\n` +
        'If it was not you, ignore this mail: your password stays as it is.',
    );
    expect(reset.html).toContain(`href="${link}"`);

    const confirmLink = `${publicUrl}/verify-email?token=a.b.c`;
    const confirmation = await emailConfirmationMail({
      publicUrl,
      email: 'sam@example.com',
      link: confirmLink,
      hours: 24,
    });
    expect(confirmation.subject).toBe('Confirm your Sneaker Street email address');
    expect(confirmation.text).toBe(
      `Welcome to Sneaker Street! Confirm that sam@example.com is your address within the next 24 hours: ${confirmLink}\n\n` +
        'A confirmed address lets you enter drops and keeps your account yours.\n\n' +
        'If you did not create this account, ignore this mail: nothing happens without the link.',
    );
    expect(confirmation.html).toContain(`href="${confirmLink}"`);
    expect(seen(confirmation)).toContain('Confirm my email');

    const unsubscribe = `${publicUrl}/api/mail/newsletter/unsubscribe?token=t`;
    const welcome = await newsletterWelcomeMail({ publicUrl, unsubscribeLink: unsubscribe });
    expect(welcome.text).toBe(
      `Thanks for subscribing! You will hear about new drops and deals first.\n\nTo unsubscribe, open ${unsubscribe}`,
    );
    expect(welcome.html).toContain(`href="${unsubscribe}"`);

    const restock = await restockMail({
      publicUrl,
      shoe: { id: 'shoe-1', name: 'Court Classic' },
      size: '9',
    });
    expect(restock.subject).toBe('Court Classic in size 9 is back at Sneaker Street');
    expect(restock.text).toBe(
      `Good news: Court Classic is back in size 9. Pairs go fast:\n${publicUrl}/shoes/shoe-1\n\n` +
        'You asked to be told once: this is the only mail about it.',
    );
    expect(restock.html).toContain(`href="${publicUrl}/shoes/shoe-1"`);
  });
});
