/** Roles without Zod, for the browser's first page; account.ts re-exports them. */
export const ROLES = ['admin', 'manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Administrator and managers may use the admin panel (docs/decisions/004). */
export function canUseAdminPanel(user: { role: Role } | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'manager';
}
