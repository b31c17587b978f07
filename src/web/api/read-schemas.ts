import { z } from 'zod';
import { sessionSchema } from '../../domain/account';
import { brandSchema, searchMessageSchema, shoeSchema } from '../../domain/catalog';

/**
 * The schemas of the answers every page reads (session, brands, shoe lists, search). The hooks
 * load this module on their first request (see `lazySchema` in http.ts), in parallel with the
 * request itself, so Zod stays out of the first page's JavaScript yet every answer is still checked.
 */
export const readSchemas = {
  session: sessionSchema,
  brandList: z.array(brandSchema),
  shoeList: z.array(shoeSchema),
  searchAnswer: z.union([z.array(shoeSchema), searchMessageSchema]),
};
export type ReadSchemas = typeof readSchemas;
