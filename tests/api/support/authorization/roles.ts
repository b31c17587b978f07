/** The six roles of the authorization matrix, the outcomes a row expects of each, and the row itself. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

// ---------------------------------------------------------------------------------------------
// The six roles.

export const ROLES = ['visitor', 'user', 'other user', 'disabled user', 'manager', 'administrator'] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'visitor'>;

export interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
}
/**
 * - user: a shopper with a Received order, a review and a favorite, acting on their own things;
 * - other user: another shopper, acting on the user's things (ids of the user's order, review...);
 * - disabled user: an account with status Disabled that still holds a session cookie and acts on
 *   its own order, review and favorites. It also holds the manager flag, so that every refusal it
 *   gets can only come from its status;
 * - manager (`manager: true`) and administrator (ADMIN_EMAIL): acting on the user's things.
 */

// ---------------------------------------------------------------------------------------------
// Outcomes: a status, and for a refusal the error code of the answer.

export const OK = '200';
/** Answered 200, acting on the caller's own account: the user's data is untouched. */
export const OWN_ONLY = '200 (own account only)';
export const CREATED = '201';
/** Taken for a job to do (a catalogue import). */
export const ACCEPTED = '202';
export const NO_CONTENT = '204';
export const BAD_SIGNATURE = '400 bad_signature';
export const NOT_THEIR_CARD = '400 invalid_payment_method';
export const SIGN_IN_FIRST = '401 unauthorized';
export const FORBIDDEN = '403 forbidden';
export const DISABLED = '403 account_disabled';
export const NOT_BOUGHT = '403 not_bought';
export const NOT_FOUND = '404 not_found';
export const CONFLICT = '409 conflict';
export const WRONG_PASSWORD = '400 wrong_password';
export const NOT_THE_ADMINISTRATOR = '403 administrator';
export const TWO_FACTOR_ON = '409 two_factor_on';
export const TWO_FACTOR_OFF = '409 two_factor_off';
export const SIGN_IN_EXPIRED = '401 sign_in_expired';
export const PASSKEY_EXPIRED = '400 passkey_expired';
export type Outcome =
  | typeof OK
  | typeof OWN_ONLY
  | typeof CREATED
  | typeof ACCEPTED
  | typeof NO_CONTENT
  | typeof BAD_SIGNATURE
  | typeof NOT_THEIR_CARD
  | typeof SIGN_IN_FIRST
  | typeof FORBIDDEN
  | typeof DISABLED
  | typeof NOT_BOUGHT
  | typeof NOT_FOUND
  | typeof CONFLICT
  | typeof WRONG_PASSWORD
  | typeof NOT_THE_ADMINISTRATOR
  | typeof TWO_FACTOR_ON
  | typeof TWO_FACTOR_OFF
  | typeof SIGN_IN_EXPIRED
  | typeof PASSKEY_EXPIRED;

/** The same outcome for all six roles. */
export const anyone = (outcome: Outcome): Record<Role, Outcome> => ({
  visitor: outcome,
  user: outcome,
  'other user': outcome,
  'disabled user': outcome,
  manager: outcome,
  administrator: outcome,
});
/** Admin panel endpoints: administrator or manager; everyone else refused before any body is read. */
export const staffOnly = (ok: Outcome): Record<Role, Outcome> => ({
  visitor: SIGN_IN_FIRST,
  user: FORBIDDEN,
  'other user': FORBIDDEN,
  'disabled user': DISABLED,
  manager: ok,
  administrator: ok,
});
/** Endpoints that act on the signed-in account itself (no id in the path). */
export const ownAccount: Record<Role, Outcome> = {
  visitor: SIGN_IN_FIRST,
  user: OK,
  'other user': OWN_ONLY,
  'disabled user': DISABLED,
  manager: OWN_ONLY,
  administrator: OWN_ONLY,
};

/**
 * Something of the user's named by its id (a session, a passkey, an order asked back): anyone
 * else's request answers like one that does not exist, staff's too.
 */
export const usersOwn = (ok: Outcome): Record<Role, Outcome> => ({
  visitor: SIGN_IN_FIRST,
  user: ok,
  'other user': NOT_FOUND,
  'disabled user': DISABLED,
  manager: NOT_FOUND,
  administrator: NOT_FOUND,
});

// ---------------------------------------------------------------------------------------------
// The table: a row per endpoint.

export interface Context {
  role: Role;
  /** Who sends the request: undefined for a visitor. */
  actor: Account | undefined;
  /** Whose things the request names: the user's, except for the disabled user, who names their own. */
  owner: Account;
  /** What prepare() made for this test. */
  fixture: Record<string, string>;
}

export interface Row {
  /** The route as the app registers it: method and path, parameters in braces. */
  route: string;
  /** What this row asks, when it needs saying (a route may have several rows). */
  note?: string;
  outcomes: Record<Role, Outcome>;
  /** Sent to the PAYMENTS=stripe app (same database and sessions). */
  app?: 'stripe';
  prepare?: (context: Omit<Context, 'fixture'>) => Promise<Record<string, string>>;
  /** The request, without cookie, Origin and address: the walk adds those. */
  request: (context: Context) => InjectOptions | Promise<InjectOptions>;
  /**
   * What the request would change. After a refusal or an OWN_ONLY answer it reads as before;
   * after a success, as `after(before)` (as before when there is no `after`: reads change nothing).
   */
  state?: (context: Context) => Promise<unknown>;
  after?: (context: Context, before: unknown) => unknown;
  /** What a successful answer says. */
  check?: (response: LightMyRequestResponse, context: Context) => void;
}

export const get = (url: string): InjectOptions => ({ method: 'GET', url });
export const post = (url: string, payload?: object): InjectOptions => ({
  method: 'POST',
  url,
  ...(payload ? { payload } : {}),
});
export const put = (url: string, payload: object): InjectOptions => ({ method: 'PUT', url, payload });
export const withHeaders = (options: InjectOptions, headers: Record<string, string>): InjectOptions => ({
  ...options,
  headers: { ...(options.headers as Record<string, string> | undefined), ...headers },
});
export const del = (url: string, payload?: object): InjectOptions => ({
  method: 'DELETE',
  url,
  ...(payload ? { payload } : {}),
});
export const ids = (response: LightMyRequestResponse) =>
  (response.json() as { _id: string }[]).map((item) => item._id);

export const shoeForm = (name: string) => ({
  brand: 'Velo',
  name,
  color: 'Green',
  price: '120',
  size: '9',
  q: '4',
  description: 'Light, quick and comfortable.',
});
export const webhookEvent = JSON.stringify({
  id: 'evt_matrix',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: {} },
});
