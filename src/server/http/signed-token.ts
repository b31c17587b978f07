import crypto from 'node:crypto';

/**
 * Claims the shop hands out and takes back unchanged (a link's token, a waiting room's place): JSON,
 * base64url, and an HMAC-SHA256 with a key made for one purpose from the shop's secret, so a token
 * made for one thing is worth nothing for another.
 */
export function createSignedTokens(secret: string, purpose: string) {
  const key = crypto.createHash('sha256').update(`${purpose}:${secret}`).digest();
  const signOf = (body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign(claims: object): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${signOf(body)}`;
    },
    /** The claims of a token this shop signed for this purpose; undefined for anything else. */
    verify(token: string): Record<string, unknown> | undefined {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(signOf(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
      try {
        const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString());
        return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
