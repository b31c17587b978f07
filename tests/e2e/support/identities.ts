/**
 * The identities the browser tests configure the shop with (playwright.config.ts passes them to
 * the server, global-setup.ts to the local OpenID Connect server). Test values, never real ones.
 */

/** ADMIN_EMAIL and ADMIN_PASSWORD: the administrator the shop creates at start. */
export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' } as const;

/** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the shop's client at the local OpenID Connect server. */
export const GOOGLE_CLIENT = { id: 'e2e-shop-client', secret: 'e2e-shop-client-secret' } as const;

/** Who the local OpenID Connect server says is signing in with "Google". */
export const GOOGLE_USER = {
  sub: 'google-e2e-fan',
  email: 'google.fan@example.com',
  email_verified: true,
  name: 'Google Fan',
} as const;
