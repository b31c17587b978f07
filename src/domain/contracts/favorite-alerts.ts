import { z } from 'zod';

/**
 * Favorite alerts (issue 35 item 3): whether the signed-in shopper is mailed when a favorite's price
 * drops or it goes on sale. One switch for all their favorites, off until they turn it on.
 */
export const favoriteAlertSettingsSchema = z.object({ enabled: z.boolean() }).strict();
export type FavoriteAlertSettings = z.infer<typeof favoriteAlertSettingsSchema>;

/** The words of the switch and of the unsubscribe page. */
export const FAVORITE_ALERT_TEXTS = {
  label: 'Email me when a favorite goes on sale or its price drops',
  on: 'We will email you when a favorite goes on sale or its price drops.',
  off: 'Favorite alerts are off.',
  unsubscribed: 'You will not be emailed about your favorites anymore.',
  invalidLink: 'This link is not valid.',
} as const;
