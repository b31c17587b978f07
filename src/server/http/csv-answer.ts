import { z } from 'zod';

/** A route's CSV download as the OpenAPI document declares it (its checks read the declared type). */
export const csvAnswer = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8 with a byte order mark') } },
});
