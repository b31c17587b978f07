import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { auditLog, passkeys, users } from '../../../src/server/db/schema.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { staffSession } from '../support/staff.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = { email: 'owner@shop.test', password: 'owner-password' };
let t: TestApp;
let address = 0;
const nextIp = () => `10.121.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { bootstrapAdmin: true },
  );
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: nextIp(),
  });

/** A stored passkey, as better-auth keeps one after a registration (its key is never read back here). */
async function storedPasskey(userId: string, name: string) {
  const id = `pk-${name}-${userId}`;
  await t.database.db.insert(passkeys).values({
    id,
    name,
    userId,
    publicKey: 'cHVibGljLWtleQ',
    credentialID: `cred-${id}`,
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
    transports: 'internal',
  });
  return id;
}

describe('passkeys', () => {
  it('lists the account’s own passkeys and removes them; never another’s', async () => {
    const shopper = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await storedPasskey(shopper.user._id, 'Laptop');
    const theirs = await storedPasskey(other.user._id, 'Phone');

    const listed = await send('GET', '/api/account/passkeys', shopper.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { _id: mine, name: 'Laptop', createdAt: expect.any(String), synced: true },
    ]);
    const session = (await send('GET', '/api/account/session', shopper.cookie)).json();
    expect(session.user.passkeys).toBe(1);

    const notMine = await send('DELETE', `/api/account/passkeys/${theirs}`, shopper.cookie);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(MESSAGES.passkeys.notFound);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.id, theirs))).toHaveLength(1);

    const removed = await send('DELETE', `/api/account/passkeys/${mine}`, shopper.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: MESSAGES.passkeys.removed });
    expect((await send('GET', '/api/account/passkeys', shopper.cookie)).json()).toEqual([]);
  });

  it('asks for the password before a passkey is made, and answers WebAuthn options for this shop', async () => {
    const shopper = await signUp(t.app);
    const wrong = await send('POST', '/api/account/passkeys/options', shopper.cookie, {
      password: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { password: MESSAGES.identity.wrongPassword },
    });

    const options = await send('POST', '/api/account/passkeys/options', shopper.cookie, {
      password: shopper.password,
    });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rp: { name: 'Sneaker Street', id: 'localhost' },
      user: { name: shopper.email },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });
    expect(options.cookies.map((cookie) => cookie.name)).toContain('shop.better-auth-passkey');

    const signIn = await send('POST', '/api/account/sign-in/passkey/options', '');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ rpId: 'localhost', challenge: expect.any(String) });
  });

  it('refuses a WebAuthn answer without its challenge, or for a passkey it does not know, with a 4xx', async () => {
    const shopper = await signUp(t.app);
    const answer = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
    };
    const noChallenge = await send('POST', '/api/account/passkeys', shopper.cookie, { response: answer });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().error.code).toBe('passkey_expired');
    const unknown = await send('POST', '/api/account/sign-in/passkey', '', {
      response: {
        ...answer,
        response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('passkey_expired');
    const malformed = await send('POST', '/api/account/sign-in/passkey', '', {
      response: { id: 'not base64url!' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('counts a passkey as a staff member’s second factor; removing the last one closes the panel again', async () => {
    const manager = await signUp(t.app);
    await t.database.db.update(users).set({ manager: true }).where(eq(users.id, manager.user._id));
    const stats = (cookie: string) => send('GET', '/api/admin/stats', cookie);
    expect((await stats(manager.cookie)).json().error.message).toBe(MESSAGES.twoFactor.staffRequired);

    const passkey = await storedPasskey(manager.user._id, 'Security key');
    // Set up, but this session began with the password alone.
    const weak = await stats(manager.cookie);
    expect(weak.statusCode).toBe(403);
    expect(weak.json().error).toEqual({
      code: 'two_factor_required',
      message: MESSAGES.twoFactor.staffSignInAgain,
    });

    // A session begun with a code (here: the authenticator's) opens it; with the passkey gone and
    // two-step sign-in off, it closes again.
    const strong = await staffSession(t.app, manager.email, manager.password);
    expect((await stats(strong)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/account/passkeys/${passkey}`, strong)).statusCode).toBe(200);
    expect((await stats(strong)).statusCode).toBe(200);
    const off = await send('POST', '/api/account/two-factor/disable', strong, { password: manager.password });
    expect(off.statusCode).toBe(200);
    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, manager.email));
    expect(entries.map((entry) => entry.action)).toContain('staff.passkey-removed');
  });

  it('are in the shopper’s data download (name and date, no key) and go with the account', async () => {
    const shopper = await signUp(t.app);
    const id = await storedPasskey(shopper.user._id, 'Tablet');
    const data = await send('GET', '/api/account/data', shopper.cookie);
    expect(data.json().passkeys).toEqual([{ name: 'Tablet', addedAt: expect.any(String) }]);
    expect(data.body).not.toContain(`cred-${id}`);
    expect(data.body).not.toContain('cHVibGljLWtleQ');
    const deleted = await send('POST', '/api/account/delete', shopper.cookie, { password: shopper.password });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, shopper.user._id))).toEqual(
      [],
    );
  });
});
