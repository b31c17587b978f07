import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, pageViewSchema, routeOf } from './analytics';

const ID = '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f';

describe('routeOf', () => {
  it.each([
    ['/', '/'],
    ['/shoes', '/shoes'],
    [`/shoes/${ID}`, '/shoes/{id}'],
    ['/shoes/not-a-uuid-but-still-a-detail-page', '/shoes/{id}'],
    ['/collections/Velo', '/collections/{brand}'],
    ['/collections/New%20Balance', '/collections/{brand}'],
    ['/sale', '/sale'],
    ['/favorites', '/favorites'],
    ['/cart', '/cart'],
    ['/signin', '/signin'],
    ['/createaccount', '/createaccount'],
    ['/forget', '/forget'],
    ['/reset-password', '/reset-password'],
    ['/account', '/account'],
    ['/order/pi_3Nq8xYz', '/order/{idPayment}'],
    ['/admin', '/admin'],
    ['/orders', '/orders'],
    ['/createshoes', '/createshoes'],
    ['/createbrand', '/createbrand'],
    ['/createsize', '/createsize'],
    ['/modifshoe', '/modifshoe'],
    ['/AboutUs', '/AboutUs'],
    ['/ContactUs', '/ContactUs'],
    ['/SizeChart', '/SizeChart'],
    ['/TermsOfService', '/TermsOfService'],
  ])('%s counts as %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it.each([
    [`/shoes/${ID}?x=1`, '/shoes/{id}'],
    [`/shoes/${ID}#reviews`, '/shoes/{id}'],
    [`/shoes/${ID}?tab=reviews#top`, '/shoes/{id}'],
    ['/shoes?page=2&brand=Velo', '/shoes'],
    ['/?utm_source=newsletter', '/'],
    ['/#footer', '/'],
    ['/reset-password?token=secret-token-never-stored', '/reset-password'],
    ['/orders?order=pi_3Nq8xYz', '/orders'],
    ['/createsize?shoe=abc', '/createsize'],
    ['/shoes?next=/admin', '/shoes'],
    ['/nope?to=/shoes', NOT_FOUND_ROUTE],
  ])('ignores the query string and fragment: %s counts as %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it.each([
    ['/shoes/', '/shoes'],
    [`/shoes/${ID}/`, '/shoes/{id}'],
    ['/collections/Velo/', '/collections/{brand}'],
    ['/sale/', '/sale'],
    ['/order/pi_1/', '/order/{idPayment}'],
    ['/admin/', '/admin'],
    ['/AboutUs/', '/AboutUs'],
    ['/cart/?x=1', '/cart'],
    // Several, as React Router takes them: the catalogue shows.
    ['/shoes//', '/shoes'],
    ['/%63art', '/cart'],
  ])('takes trailing slashes and needless escapes: %s counts as %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it.each([
    ['/aboutUs', '/AboutUs'],
    ['/aboutus', '/AboutUs'],
    ['/ABOUTUS', '/AboutUs'],
    ['/contactUs', '/ContactUs'],
    ['/contactus', '/ContactUs'],
    ['/sizeChart', '/SizeChart'],
    ['/SIZECHART', '/SizeChart'],
    ['/termsOfService', '/TermsOfService'],
    ['/termsofservice/', '/TermsOfService'],
  ])('static pages answer to any case: %s counts as %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  // React Router matches paths case-insensitively, so these pages show; they must not count as missing.
  it.each([
    ['/SHOES', '/shoes'],
    [`/Shoes/${ID}`, '/shoes/{id}'],
    ['/Collections/Velo', '/collections/{brand}'],
    ['/Sale', '/sale'],
    ['/Admin', '/admin'],
    ['/SignIn', '/signin'],
    ['/CreateShoes', '/createshoes'],
  ])('other pages answer to any case too, as in the router: %s counts as %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it.each([
    '',
    '/nope',
    '/nope/at/all',
    '/shoes/a/b',
    `/shoes/${ID}/reviews`,
    '/collections',
    '/collections/',
    '/collections/Velo/shoes',
    '/order',
    '/order/',
    '//shoes',
    '/sales',
    '/admins',
    '/AboutUsNow',
    '/api/shoes',
    '/uploads/shoes/x.webp',
    '/index.html',
    'shoes',
    '?x=/shoes',
    '#/shoes',
  ])('%j is a page not found', (path) => {
    expect(routeOf(path)).toBe(NOT_FOUND_ROUTE);
  });

  it('never keeps what identifies someone: ids, tokens and search texts', () => {
    const routes = [
      `/shoes/${ID}?q=secret`,
      '/order/pi_private_payment',
      '/reset-password?token=abc123',
      '/collections/Velo?email=a@b.co',
    ].map(routeOf);
    for (const route of routes) expect(route).not.toMatch(/secret|private|abc123|a@b\.co|Velo|3f2a/);
  });
});

describe('pageViewSchema', () => {
  it('takes a path starting with / of up to 500 characters, and nothing else', () => {
    expect(pageViewSchema.safeParse({ path: '/shoes' }).success).toBe(true);
    expect(pageViewSchema.safeParse({ path: `/${'a'.repeat(499)}` }).success).toBe(true);
    expect(pageViewSchema.safeParse({ path: `/${'a'.repeat(500)}` }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: 'shoes' }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: '' }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: '/shoes', user: 'x' }).success).toBe(false);
  });
});
