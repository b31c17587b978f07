import type { z } from 'zod';
import type { ReadSchemas } from './read-schemas';
import { MESSAGES } from '../../domain/messages';

/** A non-2xx answer of our API, carrying the server's `{error: {code, message}}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name -> message, for validation errors (docs/api.md). */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server refused a Disabled or Eliminated user (spec §4). */
export function isAccountDisabled(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'account_disabled';
}

type Listener = () => void;
const accountDisabledListeners = new Set<Listener>();

/**
 * Every answer of the API passes through here, so one listener (mounted by the app layout)
 * can send a disabled user home whichever request found out; pages need not check.
 */
export function onAccountDisabled(listener: Listener): () => void {
  accountDisabledListeners.add(listener);
  return () => accountDisabledListeners.delete(listener);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export { apiUrl, type QueryParams } from '../../domain/api-url';

/**
 * The ApiError for a failed answer, from its raw body (`{error: {code, message, fields?}}`).
 * Shared by fetch and the XMLHttpRequest of uploads.
 */
export function apiErrorFrom(status: number, statusText: string, bodyText: string): ApiError {
  let code = 'http_error';
  let message = statusText || `Request failed with status ${status}`;
  const fields: Record<string, string> = {};
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { error } = body as { error: { code?: unknown; message?: unknown; fields?: unknown } };
      if (typeof error === 'object' && error !== null) {
        if (typeof error.code === 'string') code = error.code;
        if (typeof error.message === 'string') message = error.message;
        if (typeof error.fields === 'object' && error.fields !== null) {
          for (const [field, text] of Object.entries(error.fields)) {
            if (typeof text === 'string') fields[field] = text;
          }
        }
      }
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): the status line is all we know.
  }
  const apiError = new ApiError(status, code, message, fields);
  if (isAccountDisabled(apiError)) accountDisabledListeners.forEach((listener) => listener());
  return apiError;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read: the status line is all we know.
  }
  return apiErrorFrom(response.status, response.statusText, text);
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** How GETs reach the API: the browser's fetch, or the server's own app while it renders a page. */
let readFetch: Fetch = (url, init) => fetch(url, init);

/** Called once by the server's page renderer (entry-server.tsx), which has no origin to fetch from. */
export function setReadFetch(fetcher: Fetch): void {
  readFetch = fetcher;
}

export interface JsonResponse<T> {
  data: T;
  /** `X-Total-Count` of list endpoints; undefined when the server did not send it. */
  total: number | undefined;
  /** `X-Total-Is-Lower-Bound`: a search past its cap (decision 033), more match than `total`. */
  totalIsLowerBound: boolean;
}

/** A schema loaded on demand: the module holding it (and Zod) is fetched alongside the request. */
export type LazySchema<T> = () => Promise<z.ZodType<T>>;

/**
 * The schema `pick` chooses from read-schemas.ts, loaded on first use (one shared module), so
 * the first page's JavaScript carries no Zod.
 */
export function lazySchema<T>(pick: (schemas: ReadSchemas) => z.ZodType<T>): LazySchema<T> {
  return async () => pick((await import('./read-schemas')).readSchemas);
}

/**
 * GETs JSON. In development the answer is checked against `schema`, so a drifting server shows up
 * as a clear error here instead of `undefined` deep inside a component. A production build skips
 * the check and leaves Zod out of every page's first load: the server already checks each answer
 * against the same schema before sending it (its response serializer refuses anything else).
 */
export async function getJson<T>(
  url: string,
  schema: z.ZodType<T> | LazySchema<T>,
  signal?: AbortSignal,
): Promise<JsonResponse<T>> {
  const loading = import.meta.env.DEV
    ? typeof schema === 'function'
      ? schema()
      : Promise.resolve(schema)
    : undefined;
  // A failed request must not leave the schema's loading as an unhandled rejection.
  loading?.catch(() => undefined);
  const response = await readFetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) {
    const error = await errorFrom(response);
    // Spec §8: failures other than the ones a screen explains are only logged.
    if (response.status >= 500) console.error(`GET ${url} failed`, error);
    throw error;
  }
  const totalHeader = response.headers.get('X-Total-Count');
  const total = totalHeader === null ? undefined : Number(totalHeader);
  const body: unknown = await response.json();
  const data = loading ? (await loading).parse(body) : (body as T);
  return {
    data,
    total: Number.isFinite(total) ? total : undefined,
    totalIsLowerBound: response.headers.get('X-Total-Is-Lower-Bound') === 'true',
  };
}

/** GETs JSON (see getJson) and gives only its body: what a query function returns. */
export async function getData<T>(
  url: string,
  schema: z.ZodType<T> | LazySchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  return (await getJson(url, schema, signal)).data;
}

/** What a write may add to its request: headers such as `Idempotency-Key` (checkout, refunds). */
export interface SendOptions {
  headers?: Readonly<Record<string, string>>;
}

/**
 * Sends JSON. No answer at all (offline, connection dropped) is an ApiError with status 0, so a
 * caller can tell "the outcome is unknown" from a refusal.
 */
async function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  { headers }: SendOptions = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError(0, 'network', MESSAGES.common.somethingWrong);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** POSTs JSON; resolves on 2xx, otherwise throws an ApiError carrying the server's message. */
export async function postJson(url: string, body: unknown): Promise<void> {
  await send('POST', url, body);
}

/**
 * POSTs, PUTs or DELETEs (with a JSON body) and checks the answer against `schema` (`null` for a 204,
 * which has no body: give it `z.null()`); throws an ApiError on non-2xx. A lazy schema loads while
 * the request is under way: a write made from a page that carries no Zod (the shoe page's reviews,
 * favorites and restock requests). Should it fail to load, the write has still been made: its answer
 * is given unchecked, as a production read's is (the server checked it against the same schema).
 */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  schema: z.ZodType<T> | LazySchema<T>,
  options?: SendOptions,
): Promise<T> {
  const loading = (typeof schema === 'function' ? schema() : Promise.resolve(schema)).catch(() => undefined);
  const response = await send(method, url, body, options);
  const answer: unknown = response.status === 204 ? null : await response.json();
  const checker = await loading;
  return checker ? checker.parse(answer) : (answer as T);
}

/** The text to show a shopper for a failed request: the server's own message when it sent one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.code !== 'http_error'
    ? error.message
    : MESSAGES.common.somethingWrong;
}
