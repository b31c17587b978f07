import { z } from 'zod';
import { brandSchema, searchMessageSchema, shoeSchema } from '../catalog.js';

/** `GET /api/shoes`, `/api/shoes/onSale`, `/api/favorites/{uid}`: shoes, in the order asked. */
export const shoeListAnswerSchema = z.array(shoeSchema);

/** `GET /api/brands`. */
export const brandListAnswerSchema = z.array(brandSchema);

/** `GET /api/shoes/colors`. */
export const colorListAnswerSchema = z.array(z.string());

/** A search by name: the shoes found, or the spec's message when there are none. */
export const searchAnswerSchema = z.union([shoeListAnswerSchema, searchMessageSchema]);

const facetValuesSchema = z.array(z.object({ value: z.string(), count: z.number().int().nonnegative() }));

/** `GET /api/shoes/facets` (domain/shoe-filters.ts `ShoeFacets`). */
export const shoeFacetsAnswerSchema = z.object({
  sizes: facetValuesSchema,
  colors: facetValuesSchema,
  brands: facetValuesSchema,
  onSale: z.number().int().nonnegative(),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  partial: z.boolean().optional(),
});
