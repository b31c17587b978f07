import type { z } from 'zod';
import { MESSAGES } from '../../domain/messages';

/** A non-2xx answer of our API, carrying the server's `{error: {code, message}}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export type QueryParams = Record<string, string | number | undefined>;

/** Builds `/api{path}?...`, leaving out empty parameters so cache keys and URLs stay canonical. */
export function apiUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let code = 'http_error';
  let message = response.statusText || `Request failed with status ${response.status}`;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { error } = body as { error: { code?: unknown; message?: unknown } };
      if (typeof error.code === 'string') code = error.code;
      if (typeof error.message === 'string') message = error.message;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): the status line is all we know.
  }
  return new ApiError(response.status, code, message);
}

export interface JsonResponse<T> {
  data: T;
  /** `X-Total-Count` of list endpoints; undefined when the server did not send it. */
  total: number | undefined;
}

/**
 * GETs JSON and checks it against `schema`, so a drifting server shows up as a
 * clear error here instead of `undefined` deep inside a component.
 */
export async function getJson<T>(
  url: string,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<JsonResponse<T>> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) {
    const error = await errorFrom(response);
    // Spec §8: failures other than the ones a screen explains are only logged.
    if (response.status >= 500) console.error(`GET ${url} failed`, error);
    throw error;
  }
  const totalHeader = response.headers.get('X-Total-Count');
  const total = totalHeader === null ? undefined : Number(totalHeader);
  return { data: schema.parse(await response.json()), total: Number.isFinite(total) ? total : undefined };
}

/** POSTs JSON; resolves on 2xx, otherwise throws an ApiError carrying the server's message. */
export async function postJson(url: string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', MESSAGES.common.somethingWrong);
  }
  if (!response.ok) throw await errorFrom(response);
}

/** The text to show a shopper for a failed request: the server's own message when it sent one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.code !== 'http_error'
    ? error.message
    : MESSAGES.common.somethingWrong;
}
