import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The session cookie a response set, as a Cookie header value. */
export function cookieFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

let counter = 0;
const nextIp = () => `10.9.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
export const uniqueEmail = (prefix = 'shopper') => `${prefix}.${Date.now()}.${++counter}@example.com`;

/** Each sign-up from its own address, so the per-address limits never get in a test's way. */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'secret123',
  ip = nextIp(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/sign-up',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, password, cookie: cookieFrom(response), user: response.json().user as { _id: string } };
}

export async function signIn(app: FastifyInstance, email: string, password: string, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/account/sign-in',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
  });
}
