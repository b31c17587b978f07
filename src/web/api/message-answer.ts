import { lazySchema } from './http';

/** The `{message}` answer of a write, its schema loaded beside the request (pages without Zod). */
export const messageAnswer = lazySchema((schemas) => schemas.message);
