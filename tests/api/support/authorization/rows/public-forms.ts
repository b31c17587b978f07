/**
 * Matrix rows of what anyone may send or ask: newsletter, restock, favorite alert and cart reminder
 * mails' links, contact, analytics, probes.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  cartReminderOptOuts,
  favoriteAlertSettings,
  newsletterSubscribers,
  restockRequests,
  stockEntries,
} from '../../../../../src/server/db/schema.js';
import { createLinkTokens } from '../../../../../src/server/modules/cart-reminders/service.js';
import { uniqueEmail } from '../../session.js';
import { OK, NO_CONTENT, anyone, type Row, get, post } from '../roles.js';
import { SESSION_SECRET, db, newAccount } from '../world.js';
import { uniqueLetters, freshShoe, freshUser } from '../fixtures.js';
import { subscribers, unsubscribed, contactsNamed, viewsOf } from '../state.js';

/**
 * A mail's unsubscribe link (src/server/http/unsubscribe-link.ts), open to anyone with its token: the
 * page it opens (GET) changes nothing, and its button (POST, as a mail program's one-click) stops the
 * mails, which `after` says.
 */
function unsubscribeLinkRows(
  link: Pick<Row, 'prepare' | 'state' | 'after'> & { path: string; note: string },
): Row[] {
  const { path, note, ...rest } = link;
  const html = (response: Parameters<NonNullable<Row['check']>>[0]) =>
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  return [
    {
      ...rest,
      route: `GET ${path}`,
      note: `${note}: the page asking to confirm, which changes nothing`,
      outcomes: anyone(OK),
      request: ({ fixture }) => get(`${path}?token=${fixture.token}`),
      after: undefined,
      check: html,
    },
    {
      ...rest,
      route: `POST ${path}`,
      note,
      outcomes: anyone(OK),
      request: ({ fixture }) => post(`${path}?token=${fixture.token}`),
      check: html,
    },
  ];
}

export const PUBLIC_FORM_ROWS: Row[] = [
  // Newsletter, contact and analytics: public writes; a session (even a disabled one) plays no part.
  {
    route: 'POST /api/mail/newsletter',
    outcomes: anyone(OK),
    prepare: async () => ({ email: uniqueEmail('reader') }),
    request: ({ fixture }) => post('/api/mail/newsletter', { email: fixture.email }),
    state: ({ fixture }) => subscribers(fixture.email!),
    after: () => 1,
  },
  ...unsubscribeLinkRows({
    path: '/api/mail/newsletter/unsubscribe',
    note: 'with the token of a welcome mail',
    prepare: async () => {
      const token = crypto.randomBytes(18).toString('base64url');
      await db()
        .insert(newsletterSubscribers)
        .values({ email: uniqueEmail('reader'), unsubscribeToken: token });
      return { token };
    },
    state: ({ fixture }) => unsubscribed(fixture.token!),
    after: () => true,
  }),
  {
    route: 'POST /api/restock',
    note: 'a sold-out size of a fresh shoe, waited for',
    outcomes: anyone(OK),
    prepare: async () => {
      const shoe = await freshShoe();
      await db().insert(stockEntries).values({ shoeId: shoe, size: '12', quantity: 0 });
      return { shoe, email: uniqueEmail('waiting') };
    },
    request: ({ fixture }) =>
      post('/api/restock', { email: fixture.email, shoeId: fixture.shoe, size: '12' }),
    state: async ({ fixture }) =>
      (await db().select().from(restockRequests).where(eq(restockRequests.shoeId, fixture.shoe!))).length,
    after: () => 1,
  },
  ...unsubscribeLinkRows({
    path: '/api/favorite-alerts/unsubscribe',
    note: "with the signed token of a favorite alert mail: turns that shopper's alerts off",
    prepare: async () => {
      const shopper = await newAccount();
      await db().insert(favoriteAlertSettings).values({ userId: shopper.id, enabled: true });
      // As modules/favorites/alerts/service.ts signs it, with the matrix shop's session secret.
      const signature = crypto
        .createHmac('sha256', SESSION_SECRET)
        .update(`favorite-alerts:${shopper.id}`)
        .digest('base64url');
      return { userId: shopper.id, token: `${Buffer.from(shopper.id).toString('base64url')}.${signature}` };
    },
    state: async ({ fixture }) =>
      (
        await db()
          .select()
          .from(favoriteAlertSettings)
          .where(
            and(eq(favoriteAlertSettings.userId, fixture.userId!), eq(favoriteAlertSettings.enabled, true)),
          )
      ).length,
    after: () => 0,
  }),
  ...unsubscribeLinkRows({
    path: '/api/cart-reminders/unsubscribe',
    note: 'with the signed token of a cart reminder mail: no more reminders to that shopper',
    prepare: async () => {
      const shopper = await freshUser();
      // As modules/cart-reminders signs it, with the matrix shop's session secret.
      const token = createLinkTokens(SESSION_SECRET).sign({ p: 'unsubscribe', u: shopper.id });
      return { userId: shopper.id, token };
    },
    state: async ({ fixture }) =>
      (await db().select().from(cartReminderOptOuts).where(eq(cartReminderOptOuts.userId, fixture.userId!)))
        .length,
    after: () => 1,
  }),
  {
    route: 'POST /api/mail/contactUs',
    outcomes: anyone(OK),
    prepare: async () => ({ name: uniqueLetters('Writer') }),
    request: ({ fixture }) =>
      post('/api/mail/contactUs', {
        name: fixture.name,
        email: 'writer@matrix.test',
        message: 'A question long enough to be sent to the shop.',
      }),
    state: ({ fixture }) => contactsNamed(fixture.name!),
    after: () => 1,
  },
  {
    route: 'POST /api/analytics/page-view',
    outcomes: anyone(NO_CONTENT),
    request: () => post('/api/analytics/page-view', { path: '/TermsOfService' }),
    state: () => viewsOf('/TermsOfService'),
    after: (_context, before) => (before as number) + 1,
  },

  // Probes for a load balancer: public, and they say nothing about anyone.
  {
    route: 'GET /api/health',
    outcomes: anyone(OK),
    request: () => get('/api/health'),
    check: (response) => expect(response.json()).toEqual({ status: 'ok' }),
  },
  {
    route: 'GET /api/ready',
    outcomes: anyone(OK),
    request: () => get('/api/ready'),
    check: (response) =>
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not_configured' }),
  },
];
