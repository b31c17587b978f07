import { z } from 'zod';

/** Shown when the server gives no message of its own (network down, HTML error page, ...). */
export const GENERIC_ERROR = 'Something went wrong, please try again.';

/** A failed request, carrying the message to show the shopper. */
export class RequestError extends Error {}

// DESIGN.md §6: every API error answers `{ error: { code, message, fields? } }`.
const errorBody = z.object({ error: z.object({ message: z.string().min(1) }) });

async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const parsed = errorBody.safeParse(await response.json());
    return parsed.success ? parsed.data.error.message : undefined;
  } catch {
    return undefined;
  }
}

/** POSTs `body` as JSON; resolves on 2xx, otherwise throws a `RequestError` with a message fit to show. */
export async function postJson(url: string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new RequestError(GENERIC_ERROR);
  }
  if (!response.ok) throw new RequestError((await serverMessage(response)) ?? GENERIC_ERROR);
}

/** The message to show for anything a submit handler caught. */
export function errorMessage(error: unknown): string {
  return error instanceof RequestError ? error.message : GENERIC_ERROR;
}
