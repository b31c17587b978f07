import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it('records the headers helmet sets for the options, once', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://js.stripe.com'] },
      },
    });
    expect(headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('fails at start, not per request, when helmet refuses the options', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self';"] } } }),
    ).toThrow();
  });
});
