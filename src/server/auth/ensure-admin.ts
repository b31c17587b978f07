import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import type { Auth } from './auth.js';

/**
 * The administrator is the account with ADMIN_EMAIL (DESIGN.md §2). It is
 * created at start when missing, with ADMIN_PASSWORD or a random password
 * that is printed once.
 */
export async function ensureAdmin(
  auth: Auth,
  db: Database,
  admin: { email: string; password?: string },
  log: (message: string) => void,
): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${admin.email.toLowerCase()}`);
  if (existing) return;
  const password = admin.password ?? crypto.randomBytes(12).toString('base64url');
  const { user } = await auth.api.signUpEmail({
    body: { email: admin.email, password, name: 'Administrator' },
  });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  if (!admin.password) {
    log(
      `Created the administrator ${admin.email} with the password ${password} (shown once; set ADMIN_PASSWORD to choose it).`,
    );
  }
}
