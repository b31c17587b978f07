import type { FastifyReply } from 'fastify';

/** What a route sends back: a body, and the session cookies better-auth set or cleared. */
export interface AuthAnswer<T> {
  body: T;
  cookies: string[];
}

export const withCookies = <T>(body: T, headers: Headers): AuthAnswer<T> => ({
  body,
  cookies: headers.getSetCookie(),
});

export function sendAuthAnswer<T>(reply: FastifyReply, answer: AuthAnswer<T>): FastifyReply {
  if (answer.cookies.length > 0) reply.header('set-cookie', answer.cookies);
  return reply.send(answer.body);
}
