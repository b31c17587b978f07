import { z } from 'zod';

/**
 * The staff audit log (issue 20): every staff write, and the staff's sign-ins, recorded with who,
 * when, what and the values before and after. The kinds, as filters and in words.
 */
export const AUDIT_ACTIONS = {
  'shoe.create': 'Added a shoe',
  'shoe.update': 'Modified a shoe',
  'shoe.delete': 'Deleted a shoe',
  'shoe.stock': 'Added stock',
  'shoe.sale': 'Changed a sale',
  'shoe.photos': 'Changed a shoe’s photos',
  'shoe.bulk': 'Bulk-edited a shoe',
  'catalogue.import': 'Imported the catalogue',
  'brand.create': 'Added a brand',
  'brand.delete': 'Deleted a brand',
  'user.update': 'Changed a user',
  'order.status': 'Changed an order’s status',
  'order.shipment': 'Shipped an order',
  'order.refund': 'Refunded an order',
  'order.return': 'Decided a return',
  'discount.create': 'Added a discount code',
  'discount.update': 'Modified a discount code',
  'discount.active': 'Switched a discount code',
  'reminders.settings': 'Changed the cart reminders',
  'shipping.create': 'Added a shipping method',
  'shipping.update': 'Modified a shipping method',
  'shipping.delete': 'Deleted a shipping method',
  'shipping.order': 'Reordered the shipping methods',
  'tax.set': 'Set a state’s sales tax',
  'tax.remove': 'Removed a state’s sales tax',
  'webhook.create': 'Added a webhook',
  'webhook.update': 'Modified a webhook',
  'webhook.delete': 'Deleted a webhook',
  'webhook.rotate': 'Rotated a webhook’s secret',
  'webhook.test': 'Sent a test webhook',
  'webhook.replay': 'Replayed a webhook delivery',
  'drop.schedule': 'Scheduled a drop',
  'drop.edit': 'Changed a drop',
  'drop.close': 'Closed a draw’s entries',
  'drop.cancel': 'Cancelled a drop',
  'staff.sign-in': 'Signed in',
  'staff.sign-in-failed': 'Failed to sign in',
  'staff.two-factor-on': 'Turned two-step sign-in on',
  'staff.two-factor-off': 'Turned two-step sign-in off',
  'staff.recovery-codes': 'Renewed recovery codes',
  'staff.passkey-added': 'Added a passkey',
  'staff.passkey-removed': 'Removed a passkey',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_PAGE_SIZE = 20;

export const auditQuerySchema = z
  .object({
    /** Who: part of the staff member's email. */
    actor: z.string().trim().max(254).optional(),
    action: z.enum(AUDIT_ACTION_NAMES).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The staff member's email then (the log outlives the account). */
  actor: z.string(),
  action: z.enum(AUDIT_ACTION_NAMES),
  /** What it acted on: `shoe`, `brand`, `user`, `order`, `discount`, `shipping-method`, `tax-rate`, `account`, and its id. */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);
