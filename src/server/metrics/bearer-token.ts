import crypto from 'node:crypto';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`, compared in constant time: both sides
 * are hashed first, so neither the token's length nor its first differing byte shows in the timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  return crypto.timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && Boolean(match);
}
