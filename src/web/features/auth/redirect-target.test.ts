import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('goes back to the guarded page the user wanted', () => {
    expect(redirectTarget({ from: '/favorites' })).toBe('/favorites');
    expect(redirectTarget({ from: '/account?tab=1#top' })).toBe('/account?tab=1#top');
  });

  it('defaults to /account', () => {
    expect(redirectTarget(null)).toBe('/account');
    expect(redirectTarget(undefined)).toBe('/account');
    expect(redirectTarget({})).toBe('/account');
    expect(redirectTarget({ from: 42 })).toBe('/account');
  });

  it('never leaves the site or loops back to a sign-in form', () => {
    expect(redirectTarget({ from: 'https://evil.test/' })).toBe('/account');
    expect(redirectTarget({ from: '//evil.test/' })).toBe('/account');
    expect(redirectTarget({ from: '/signin' })).toBe('/account');
    expect(redirectTarget({ from: '/createaccount?x=1' })).toBe('/account');
  });
});
