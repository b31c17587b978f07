import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters, whatever their case or escaping', () => {
    expect(redactUrl('/createaccount?email=a%40b.test&password=hunter2')).toBe(
      '/createaccount?email=a%40b.test&password=[redacted]',
    );
    expect(redactUrl('/x?NewPassword=a&currentPassword=b&token=c&code=d&state=e&cvc=1&cardNumber=4242')).toBe(
      '/x?NewPassword=[redacted]&currentPassword=[redacted]&token=[redacted]&code=[redacted]&state=[redacted]&cvc=[redacted]&cardNumber=[redacted]',
    );
    expect(redactUrl('/x?pass%77ord=a&reset_token=b&api-secret=c')).toBe(
      '/x?pass%77ord=[redacted]&reset_token=[redacted]&api-secret=[redacted]',
    );
  });

  it('keeps what is not secret, and copes with odd queries', () => {
    expect(redactUrl('/collections/Velo?color=Blue&sort=asc&page=2')).toBe(
      '/collections/Velo?color=Blue&sort=asc&page=2',
    );
    expect(redactUrl('/x?flag&token&%E0%A4%A=1')).toBe('/x?flag&token&%E0%A4%A=1');
    expect(redactUrl('/x?')).toBe('/x?');
    expect(redactUrl('/')).toBe('/');
  });

  it('replaces a reset link token in the path', () => {
    expect(redactUrl('/api/auth/reset-password/abc.def?callbackURL=%2F')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2F',
    );
    expect(redactUrl('/api/account/reset-password')).toBe('/api/account/reset-password');
  });
});
