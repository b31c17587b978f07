/** Mass assignment in the bodies of accounts and public forms (see support/authorization/forged-fields.ts). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, users } from '../../../src/server/db/schema.js';
import { cookieFrom, uniqueEmail } from '../support/session.js';
import { db, send, useMatrixShop } from '../support/authorization/world.js';
import { uniqueLetters, resetToken } from '../support/authorization/fixtures.js';
import { passwordOf, viewsOf } from '../support/authorization/state.js';
import {
  shopper,
  FORGED_ID,
  extras,
  victimUntouched,
  shopperBecomes,
  row,
  noteBodyChecked,
  useForgedFields,
} from '../support/authorization/forged-fields.js';

useMatrixShop();

describe('mass assignment, accounts and public forms: fields a body may not set are ignored or refused, never applied', () => {
  useForgedFields('accounts and forms');

  it('sign-up: status, manager, role, name, image, id and verification are not set', async () => {
    const email = uniqueEmail('assigner');
    const { email: _email, ...rest } = extras;
    const response = await send('POST', '/api/account/sign-up', {
      ...rest,
      email,
      password: 'secret123',
      name: 'Chosen Name',
      image: '/uploads/chosen.webp',
      emailVerified: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email, status: 'Enabled', manager: false, role: 'user' });
    const [stored] = await db().select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({
      status: 'Enabled',
      manager: false,
      emailVerified: false,
      image: null,
      name: email.split('@')[0],
    });
    expect(stored!.id).not.toBe(FORGED_ID);
    expect(stored!.createdAt.getFullYear()).toBeGreaterThan(2000);
    await victimUntouched();
  });

  it('sign-in: extra fields change nothing', async () => {
    const before = await row(shopper.id);
    const response = await send('POST', '/api/account/sign-in', {
      ...extras,
      email: shopper.email,
      password: shopper.password,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ _id: shopper.id, manager: false, role: 'user' });
    expect(await row(shopper.id)).toEqual(before);
    await victimUntouched();
  });

  it('PUT /api/account/name: only the name of the signed-in user changes', async () => {
    const before = await row(shopper.id);
    const response = await send(
      'PUT',
      '/api/account/name',
      { ...extras, name: 'New Name', image: '/uploads/chosen.webp' },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ _id: shopper.id, name: 'New Name', manager: false });
    const after = await row(shopper.id);
    expect(after).toEqual({ ...before, name: 'New Name', updatedAt: after.updatedAt });
    await victimUntouched();
  });

  it('POST /api/users: the body is ignored; the answer is the signed-in user, unchanged', async () => {
    const before = await row(shopper.id);
    const response = await send('POST', '/api/users', extras, shopper.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: shopper.id,
      email: shopper.email,
      manager: false,
      role: 'user',
    });
    expect(await row(shopper.id)).toEqual(before);
    await victimUntouched();
  });

  it("PUT /api/account/password: changes the caller's password only", async () => {
    const before = await passwordOf(shopper.id);
    const response = await send(
      'PUT',
      '/api/account/password',
      { ...extras, currentPassword: shopper.password, newPassword: 'a-new-secret-1' },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await passwordOf(shopper.id)).not.toBe(before);
    expect((await row(shopper.id)).manager).toBe(false);
    shopperBecomes({ ...shopper, password: 'a-new-secret-1', cookie: cookieFrom(response) });
    await victimUntouched();
  });

  it("POST /api/account/reset-password: the token's account gets the password, nobody else", async () => {
    const { id, token } = await resetToken();
    const response = await send('POST', '/api/account/reset-password', {
      ...extras,
      token,
      newPassword: 'reset-secret-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await passwordOf(id)).toMatch(/^scrypt\$/);
    expect((await row(id)).manager).toBe(false);
    await victimUntouched();
  });

  it("POST /api/mail/newsletter: the token and the subscription state are the server's", async () => {
    const email = uniqueEmail('reader');
    const response = await send('POST', '/api/mail/newsletter', {
      ...extras,
      email,
      unsubscribeToken: 'chosen-token',
      unsubscribedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(stored!.unsubscribeToken).not.toBe('chosen-token');
    expect(stored!.unsubscribedAt).toBeNull();
    expect(stored!.id).not.toBe(FORGED_ID);
    await victimUntouched();
  });

  it("POST /api/mail/contactUs: id and date are the server's", async () => {
    const name = uniqueLetters('Writer');
    const response = await send('POST', '/api/mail/contactUs', {
      ...extras,
      name,
      email: 'writer@matrix.test',
      message: 'A question long enough to be sent to the shop.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.name, name));
    expect(stored!.id).not.toBe(FORGED_ID);
    expect(stored!.createdAt.getFullYear()).toBeGreaterThan(2000);
    await victimUntouched();
  });

  it('POST /api/analytics/page-view: a body with more than a path is refused (400) and not counted', async () => {
    const before = await viewsOf('/admin');
    const response = await send('POST', '/api/analytics/page-view', {
      path: '/admin',
      views: 1000,
      day: '2000-01-01',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await viewsOf('/admin')).toBe(before);
    noteBodyChecked();
  });
});
