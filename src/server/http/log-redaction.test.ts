import { describe, expect, it } from 'vitest';
import { REDACTED, redactLogObject, redactUrl } from './log-redaction.js';

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

describe('redactLogObject', () => {
  it('replaces secrets at the top, one level down, in a body and in session headers', () => {
    const logged = {
      password: 'hunter2',
      err: Object.assign(new Error('boom'), { token: 'tok', code: 'E1' }),
      body: { email: 'a@b.test', cardNumber: '4242', code: '123456', state: 'xyz' },
      req: {
        body: { newPassword: 'p', note: 'ok' },
        headers: { cookie: 'sid=1', authorization: 'Bearer x', accept: '*/*' },
      },
      res: { headers: { 'set-cookie': 'sid=2', etag: 'W/"1"' } },
      route: '/api/shoes/:id',
    };
    const before = structuredClone({ ...logged, err: undefined });
    const out = redactLogObject(logged) as typeof logged;
    expect(out.password).toBe(REDACTED);
    expect(out.err.token).toBe(REDACTED);
    // An error keeps what makes it one; a code that is not a secret of its own stays.
    expect(out.err).toBeInstanceOf(Error);
    expect(out.err.message).toBe('boom');
    expect(out.err.code).toBe('E1');
    expect(out.body).toEqual({ email: 'a@b.test', cardNumber: REDACTED, code: REDACTED, state: REDACTED });
    expect(out.req.body).toEqual({ newPassword: REDACTED, note: 'ok' });
    expect(out.req.headers).toEqual({ cookie: REDACTED, authorization: REDACTED, accept: '*/*' });
    expect(out.res.headers).toEqual({ 'set-cookie': REDACTED, etag: 'W/"1"' });
    expect(out.route).toBe('/api/shoes/:id');
    // The caller's objects are untouched.
    expect({ ...logged, err: undefined }).toEqual(before);
    expect(logged.err.token).toBe('tok');
  });

  it('copes with frozen objects and accessors: it replaces, never writes into them', () => {
    let read = 0;
    const logged = Object.freeze({
      token: 'tok',
      nested: Object.freeze({ password: 'p' }),
      get secret() {
        read += 1;
        return 's';
      },
    });
    const out = redactLogObject(logged) as Record<string, unknown> & { nested: { password: string } };
    expect(out.token).toBe(REDACTED);
    expect(out.secret).toBe(REDACTED);
    expect(out.nested.password).toBe(REDACTED);
    expect(logged.token).toBe('tok');
    expect(read).toBe(1);
  });

  it('hands back the very object when it holds no secret', () => {
    const line = { method: 'GET', route: '/api/shoes', status: 200, ms: 1.2, err: { code: 'E1' } };
    expect(redactLogObject(line)).toBe(line);
  });
});
