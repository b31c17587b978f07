import { z } from 'zod';
import { DISCOUNT_LIMITS } from '../discounts.js';

/**
 * Abandoned-cart reminders (issue 35 item 2, docs/decisions/029): the owner's settings for the
 * optional second reminder, the dashboard's figures, and the restore link's request.
 */

/** The code the second reminder carries: a percent off, or an amount in cents; valid for some days. */
export const reminderSettingsSchema = z
  .object({
    /** Send a second reminder (after CART_REMINDER_SECOND_AFTER), with a single-use code for that shopper. */
    secondEnabled: z.boolean(),
    kind: z.enum(['percent', 'fixed']),
    /** Percent (1-90) when `kind` is percent; cents (100 to 1,000,000) when fixed. */
    value: z
      .number()
      .int()
      .min(1)
      .max(DISCOUNT_LIMITS.amount.max * 100),
    /** How many days the code works, counted from the day it is mailed. */
    expiryDays: z.number().int().min(1).max(365),
  })
  .strict()
  .refine(
    (settings) =>
      settings.kind === 'percent'
        ? settings.value >= DISCOUNT_LIMITS.percent.min && settings.value <= DISCOUNT_LIMITS.percent.max
        : settings.value >= 100,
    { message: 'A percent is 1 to 90; an amount is at least $1 (100 cents)', path: ['value'] },
  );
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** `GET /api/admin/cart-reminders`: the settings and what the reminders did. */
export const reminderOverviewSchema = z.object({
  settings: reminderSettingsSchema,
  /** Carts that got at least one reminder. */
  reminded: z.number().int(),
  /** Reminded carts (a cartId) later paid. */
  recovered: z.number().int(),
  /** What the recovered orders charged, in dollars. */
  recoveredRevenue: z.number(),
  /** Second-reminder codes mailed, and those used. */
  codesSent: z.number().int(),
  codesUsed: z.number().int(),
});
export type ReminderOverview = z.infer<typeof reminderOverviewSchema>;

/** `POST /api/account/cart/restore`: the signed token of a reminder's link. */
export const cartRestoreSchema = z.object({ token: z.string().min(10).max(400) }).strict();
