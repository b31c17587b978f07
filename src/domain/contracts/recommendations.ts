import { z } from 'zod';
import { isChartSize } from '../size-chart.js';
import { MESSAGES } from '../messages.js';
import { shoeSchema } from '../catalog.js';

/** How many shoes "You may also like" shows (issue 35 item 4). */
export const ALSO_LIKE_SHOWN = 8;

/**
 * `GET /api/shoes/{id}/also-like`: `size`, when the shopper's size is known on their device, keeps
 * the shoes in stock in that size; without it, any size in stock (the server-rendered page's row).
 */
export const alsoLikeQuerySchema = z.object({
  size: z.string().refine(isChartSize, MESSAGES.catalog.unknownSize).optional(),
});
export type AlsoLikeQuery = z.infer<typeof alsoLikeQuerySchema>;

/**
 * The shoes, best first: bought together with this one (most orders first), then the same brand and
 * colour, the same brand, the same colour, the same price band (each closest in price first); in
 * stock, never the shoe itself, at most ALSO_LIKE_SHOWN.
 */
export const alsoLikeAnswerSchema = z.array(shoeSchema).max(ALSO_LIKE_SHOWN);
