import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages.js';
import { contactMessages, mailOutbox, newsletterSubscribers } from '../../../src/server/db/schema.js';
import { TEST_ORIGIN } from '../support/session.js';
import { startSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const post = (t: TestApp, url: string, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

describe('newsletter and contact, mail kept in the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTACT_TO: 'owner@shop.test' });
  });
  afterAll(() => t.close());

  it('subscribes once, answers the spec message, and mails a working unsubscribe link', async () => {
    const first = await post(t, '/api/mail/newsletter', { email: 'Fan@Example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: MESSAGES.newsletter.thanks });
    const again = await post(t, '/api/mail/newsletter', { email: 'fan@example.com' }, '10.0.0.2');
    expect(again.statusCode).toBe(200);

    const subscribers = await t.database.db.select().from(newsletterSubscribers);
    expect(subscribers).toHaveLength(1);
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('Fan@Example.com');
    const link = mails[0]!.text.match(/https?:\/\/\S+unsubscribe\?token=\S+/)![0];

    const url = new URL(link).pathname + new URL(link).search;
    // Opening the link (as a mail scanner does too) only asks.
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<form method="post"><button type="submit">Unsubscribe</button></form>');
    // Under `no-referrer` a browser would post the form with `Origin: null`, refused as cross-site.
    expect(opened.headers['referrer-policy']).toBe('same-origin');
    expect((await t.database.db.select().from(newsletterSubscribers))[0]!.unsubscribedAt).toBeNull();

    // Its button posts the form back to the same address, from the shop's own page.
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.body).toContain('You will not receive our newsletter anymore.');
    const [row] = await t.database.db.select().from(newsletterSubscribers);
    expect(row!.unsubscribedAt).not.toBeNull();

    const bogus = await t.app.inject({ method: 'POST', url: '/api/mail/newsletter/unsubscribe?token=nope' });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).toContain('This unsubscribe link is not valid.');
  });

  it('unsubscribes by a mail program’s one-click POST (RFC 8058), and refuses another site’s form', async () => {
    await post(t, '/api/mail/newsletter', { email: 'oneclick@example.com' }, '10.0.0.9');
    const [kept] = await t.database.db
      .select({ token: newsletterSubscribers.unsubscribeToken })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'oneclick@example.com'));
    const url = `/api/mail/newsletter/unsubscribe?token=${kept!.token}`;
    const crossSite = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(crossSite.statusCode).toBe(403);
    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'oneclick@example.com'));
    expect(row!.unsubscribedAt).not.toBeNull();
  });

  it.each([{ email: 'not-an-email' }, { email: '' }, {}, { email: 42 }, { email: 'a@b' }])(
    'refuses %j with "Use a valid email" and stores nothing',
    async (body) => {
      const before = await t.database.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(newsletterSubscribers);
      const response = await post(t, '/api/mail/newsletter', body, '10.0.1.1');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.email).toBe(MESSAGES.newsletter.invalidEmail);
      const after = await t.database.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(newsletterSubscribers);
      expect(after).toEqual(before);
    },
  );

  it('stores a contact message and mails it to CONTACT_TO', async () => {
    const message = 'My order arrived in the wrong size, can you help me?';
    const response = await post(
      t,
      '/api/mail/contactUs',
      { name: 'Ana', email: 'ana@example.com', message },
      '10.0.2.1',
    );
    expect(response.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: 'Ana', email: 'ana@example.com', message });
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail!.to).toBe('owner@shop.test');
    expect(mail!.text).toContain(message);
  });

  it('refuses a contact message outside 20-500 characters', async () => {
    const short = await post(
      t,
      '/api/mail/contactUs',
      { name: 'Ana', email: 'ana@example.com', message: 'hi' },
      '10.0.3.1',
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.message).toBe(MESSAGES.contact.message);
    const long = await post(
      t,
      '/api/mail/contactUs',
      { name: 'Ana', email: 'ana@example.com', message: 'x'.repeat(501) },
      '10.0.3.1',
    );
    expect(long.statusCode).toBe(400);
  });

  it('rate-limits the contact form per address', async () => {
    const body = { name: 'Bot', email: 'bot@example.com', message: 'x'.repeat(30) };
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await post(t, '/api/mail/contactUs', body, '10.0.9.9')).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
    const limited = await post(t, '/api/mail/contactUs', body, '10.0.9.9');
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await post(t, '/api/mail/contactUs', body, '10.0.9.10')).statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    const body = { name: 'Bot', email: 'bot@example.com', message: 'x'.repeat(30) };
    const burst = async (app: TestApp) => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/mail/contactUs',
          payload: body,
          remoteAddress: '10.7.7.7',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(response.statusCode);
      }
      return codes;
    };
    const direct = await createTestApp();
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      expect(await burst(direct)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await burst(proxied)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});

describe('mail through a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      PUBLIC_URL: 'http://shop.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the newsletter welcome with its unsubscribe link', async () => {
    const response = await post(t, '/api/mail/newsletter', { email: 'reader@example.com' });
    expect(response.statusCode).toBe(200);
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.to).toEqual(['reader@example.com']);
    expect(smtp.inbox[0]!.body).toMatch(/http:\/\/shop\.test\/api\/mail\/newsletter\/unsubscribe\?token=/);
    // Mail programs offer their own unsubscribe button from these (RFC 2369, RFC 8058); folded or not.
    expect(smtp.inbox[0]!.body).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/shop\.test\/api\/mail\/newsletter\/unsubscribe\?token=[\w-]+>\r?$/m,
    );
    expect(smtp.inbox[0]!.body).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const [kept] = await t.database.db.select().from(mailOutbox);
    expect(kept!.sentAt).not.toBeNull();
  });
});
