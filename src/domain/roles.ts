/** Roles without Zod, for the browser's first page; account.ts re-exports them. */
export const ROLES = ['admin', 'manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Administrator and managers may use the admin panel (docs/decisions/004). */
export function canUseAdminPanel(user: { role: Role } | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'manager';
}

/**
 * Two-step sign-in or a passkey: the second factor staff must hold, and sign in with, to use the
 * admin panel (docs/decisions/013).
 */
export function hasSecondFactor(user: { twoFactor: boolean; passkeys: number }): boolean {
  return user.twoFactor || user.passkeys > 0;
}
