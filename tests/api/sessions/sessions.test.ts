import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { cookieFrom, signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The account page's signed-in sessions (issue 20): listed with their device and address (the one
 * Fastify sees, never a client's own X-Forwarded-For), another one ended, or all others at once.
 */
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie }, remoteAddress: '10.60.0.9' });

async function signInFrom(email: string, password: string, userAgent: string, ip: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/sign-in',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN, 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.66' },
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
  return cookieFrom(response);
}

/** A shopper signed in on a laptop and on a phone. */
async function twoDevices() {
  const shopper = await signUp(t.app, undefined, 'secret123');
  const laptop = await signInFrom(shopper.email, 'secret123', CHROME_LINUX, '10.61.0.1');
  const phone = await signInFrom(shopper.email, 'secret123', SAFARI_IPHONE, '10.61.0.2');
  return { shopper, laptop, phone };
}

type Listed = { _id: string; current: boolean; device: string; ip: string | null };
const list = async (cookie: string) =>
  (await send('GET', '/api/account/sessions', cookie)).json() as Listed[];

describe('signed-in sessions', () => {
  it('lists each device with where it signed in from, the one in use marked, and no token', async () => {
    const { laptop } = await twoDevices();
    const answer = await send('GET', '/api/account/sessions', laptop);
    expect(answer.statusCode).toBe(200);
    const sessions = answer.json() as Listed[];
    // The sign-up's own session, the laptop's and the phone's.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.filter((session) => session.current)).toEqual([
      expect.objectContaining({ device: 'Chrome 142 on Linux', ip: '10.61.0.1' }),
    ]);
    expect(sessions).toContainEqual(
      expect.objectContaining({ current: false, device: 'Safari 17 on iOS', ip: '10.61.0.2' }),
    );
    // The address is the one the shop saw, not the X-Forwarded-For the client wrote.
    expect(JSON.stringify(sessions)).not.toContain('203.0.113.66');
    expect(Object.keys(sessions[0]!).sort()).toEqual([
      '_id',
      'createdAt',
      'current',
      'device',
      'ip',
      'lastActive',
    ]);
  });

  it('signs out another device, which is signed out at once; never the one in use', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneSession = (await list(laptop)).find((session) => session.device.startsWith('Safari'))!;
    const ended = await send('DELETE', `/api/account/sessions/${phoneSession._id}`, laptop);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: MESSAGES.sessions.ended });
    expect((await send('GET', '/api/account/sessions', phone)).statusCode).toBe(401);
    expect((await send('GET', '/api/account/session', phone)).json()).toEqual({
      user: null,
      secondFactor: false,
    });
    expect(await list(laptop)).toHaveLength(2);

    const again = await send('DELETE', `/api/account/sessions/${phoneSession._id}`, laptop);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(MESSAGES.sessions.notFound);
    const current = (await list(laptop)).find((session) => session.current)!;
    const own = await send('DELETE', `/api/account/sessions/${current._id}`, laptop);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(MESSAGES.sessions.current);
    expect((await send('GET', '/api/account/sessions', laptop)).statusCode).toBe(200);
  });

  it('signs out every other device at once, and keeps the one in use', async () => {
    const { laptop, phone } = await twoDevices();
    const answer = await send('POST', '/api/account/sessions/sign-out-others', phone);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MESSAGES.sessions.endedOthers(2), ended: 2 });
    expect((await send('GET', '/api/account/sessions', laptop)).statusCode).toBe(401);
    expect((await list(phone)).map((session) => session.current)).toEqual([true]);
    const none = await send('POST', '/api/account/sessions/sign-out-others', phone);
    expect(none.json()).toEqual({ message: MESSAGES.sessions.endedOthers(0), ended: 0 });
  });

  it('never touches someone else’s sessions, and needs a signed-in user', async () => {
    const first = await twoDevices();
    const second = await twoDevices();
    const theirs = (await list(second.laptop))[0]!;
    const refused = await send('DELETE', `/api/account/sessions/${theirs._id}`, first.laptop);
    expect(refused.statusCode).toBe(404);
    expect(await list(second.laptop)).toHaveLength(3);
    await send('POST', '/api/account/sessions/sign-out-others', first.laptop);
    expect(await list(second.laptop)).toHaveLength(3);
    expect((await send('GET', '/api/account/sessions', '')).statusCode).toBe(401);
    expect((await send('POST', '/api/account/sessions/sign-out-others', '')).statusCode).toBe(401);
    expect((await send('DELETE', `/api/account/sessions/${theirs._id}`, '')).statusCode).toBe(401);
  });
});
