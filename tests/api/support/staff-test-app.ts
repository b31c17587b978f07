import type { Env } from '../../../src/server/config.js';
import { staffSession } from './staff.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The administrator a test app creates at start (ADMIN_EMAIL, ADMIN_PASSWORD). */
export interface StaffAccount {
  email: string;
  password: string;
}

export interface StaffTestApp {
  t: TestApp;
  /** The administrator's session cookie, with two-step sign-in on, as the admin API wants it. */
  admin: string;
}

/**
 * A test app whose administrator is `staff`, signed in for the admin API. `signInFrom` is the
 * address the sign-in comes from: files pick their own so that per-address limits of one file never
 * meet another's; without it the sign-in gets a fresh address of its own.
 */
export async function createStaffTestApp(
  staff: StaffAccount,
  options: {
    signInFrom?: string;
    /** More settings, beside the administrator's (which they cannot override). */
    env?: Partial<Env>;
    app?: Omit<NonNullable<Parameters<typeof createTestApp>[1]>, 'bootstrapAdmin'>;
  } = {},
): Promise<StaffTestApp> {
  const t = await createTestApp(
    { ...options.env, ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password },
    { ...options.app, bootstrapAdmin: true },
  );
  try {
    return { t, admin: await staffSession(t.app, staff.email, staff.password, options.signInFrom) };
  } catch (error) {
    await t.close();
    throw error;
  }
}
