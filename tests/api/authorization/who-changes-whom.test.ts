/** Who may change whom (PUT /api/users/{id}): managers, the administrator, and staff who are disabled. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { users } from '../../../src/server/db/schema.js';
import { signIn, signUp } from '../support/session.js';
import { staffSession } from '../support/staff.js';
import { t, db, accounts, send, useMatrixShop } from '../support/authorization/world.js';
import { freshUser } from '../support/authorization/fixtures.js';
import { userRow, sessionCount } from '../support/authorization/state.js';

useMatrixShop();

describe('who may change whom (PUT /api/users/{id})', () => {
  const change = (id: string, body: object, cookie: string) => send('PUT', `/api/users/${id}`, body, cookie);
  const freshManager = async () => {
    const { id } = await freshUser();
    await db().update(users).set({ manager: true }).where(eq(users.id, id));
    return id;
  };
  const statusAndFlag = async (id: string) => {
    const row = await userRow(id);
    return { status: row!.status, manager: row!.manager };
  };

  it('a manager disables a plain user, and enables them again', async () => {
    const { id } = await freshUser();
    const disabled = await change(id, { status: 'Disabled' }, accounts.manager.cookie);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ _id: id, status: 'Disabled', manager: false, role: 'user' });
    const enabled = await change(id, { status: 'Enabled' }, accounts.manager.cookie);
    expect(enabled.json()).toMatchObject({ status: 'Enabled' });
    expect(await statusAndFlag(id)).toEqual({ status: 'Enabled', manager: false });
  });

  it.each([
    ['disable another manager', 'manager', { status: 'Disabled' }],
    ['eliminate another manager', 'manager', { status: 'Eliminated' }],
    ['appoint a plain user manager', 'user', { manager: true }],
    ['dismiss another manager', 'manager', { manager: false }],
    ["set a plain user's manager flag to what it already is", 'user', { manager: false }],
    ['change a status and a manager flag at once', 'user', { status: 'Enabled', manager: true }],
    ['dismiss itself', 'self', { manager: false }],
    ['disable itself', 'self', { status: 'Disabled' }],
  ] as const)('a manager may not %s (403)', async (_label, target, body) => {
    const id =
      target === 'self'
        ? accounts.manager.id
        : target === 'manager'
          ? await freshManager()
          : (await freshUser()).id;
    const before = await statusAndFlag(id);
    const response = await change(id, body, accounts.manager.cookie);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'forbidden',
      message: MESSAGES.admin.managersByAdminOnly,
    });
    expect(await statusAndFlag(id)).toEqual(before);
  });

  it('the administrator appoints, disables and dismisses managers', async () => {
    const { id } = await freshUser();
    const admin = accounts.administrator.cookie;
    expect((await change(id, { manager: true }, admin)).json()).toMatchObject({
      manager: true,
      role: 'manager',
    });
    expect((await change(id, { status: 'Disabled' }, admin)).json()).toMatchObject({
      status: 'Disabled',
      manager: true,
    });
    expect((await change(id, { status: 'Enabled', manager: false }, admin)).json()).toMatchObject({
      status: 'Enabled',
      manager: false,
      role: 'user',
    });
    expect(await statusAndFlag(id)).toEqual({ status: 'Enabled', manager: false });
  });

  it.each([
    ['administrator', { status: 'Disabled' }],
    ['administrator', { status: 'Eliminated' }],
    ['administrator', { manager: true }],
    ['administrator', { manager: false }],
    ['administrator', { status: 'Enabled' }],
    ['manager', { status: 'Disabled' }],
    ['manager', { manager: false }],
  ] as const)("the %s may not change the administrator's account: %j (409)", async (actor, body) => {
    const adminId = accounts.administrator.id;
    const before = await statusAndFlag(adminId);
    const response = await change(adminId, body, accounts[actor].cookie);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.admin.cannotDemoteAdmin);
    expect(await statusAndFlag(adminId)).toEqual(before);
    // The administrator still works.
    const still = await send('GET', '/api/admin/stats', undefined, accounts.administrator.cookie);
    expect(still.statusCode).toBe(200);
  });

  it('a manager who is disabled is thrown out: refused, every session ended, no way back in', async () => {
    const manager = await signUp(t.app);
    const admin = accounts.administrator.cookie;
    expect((await change(manager.user._id, { manager: true }, admin)).statusCode).toBe(200);
    const first = await staffSession(t.app, manager.email, manager.password);
    const second = await staffSession(t.app, manager.email, manager.password);
    const listUsers = (cookie: string) => send('GET', '/api/users', undefined, cookie);
    expect((await listUsers(first)).statusCode).toBe(200);
    expect((await listUsers(second)).statusCode).toBe(200);

    expect((await change(manager.user._id, { status: 'Disabled' }, admin)).statusCode).toBe(200);

    const session = await send('GET', '/api/account/session', undefined, first);
    expect(session.json().user).toBeNull();
    const refused = await listUsers(first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_disabled',
      message: MESSAGES.identity.disabled,
    });
    expect(await sessionCount(manager.user._id)).toBe(0);
    // Both sessions are gone: the next requests are a visitor's.
    expect((await listUsers(manager.cookie)).statusCode).toBe(401);
    expect((await listUsers(first)).statusCode).toBe(401);
    expect((await listUsers(second)).statusCode).toBe(401);
    const again = await signIn(t.app, manager.email, manager.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(MESSAGES.identity.disabled);
  });
});
