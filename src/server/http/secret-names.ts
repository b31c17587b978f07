/**
 * The names under which a secret travels, one list for every place that must keep it out of a URL
 * or a log (log-redaction.ts, web/leaked-fields.ts). Matched whole, without regard to case.
 */

/** Form fields a shopper types a password or card data into. */
const CREDENTIAL_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'card',
  'cardNumber',
  'number',
  'cvc',
  'cvv',
  'expiry',
] as const;

/** Names of tokens a link or a client carries (reset and unsubscribe links, OAuth callbacks). */
const TOKEN_FIELDS = ['token', 'code', 'state', 'secret', 'recoveryCodes', 'totpURI'] as const;

/** Every secret name, for redacting logged bodies. */
export const SECRET_FIELDS: readonly string[] = [...CREDENTIAL_FIELDS, ...TOKEN_FIELDS];

/** Secret wherever they appear in a logged object (`code` and `state` are not: an error has a code). */
export const ALWAYS_SECRET_FIELDS: readonly string[] = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'recoveryCodes',
  'totpURI',
  'cardNumber',
  'cvc',
  'cvv',
];

const CREDENTIAL = new RegExp(`^(${CREDENTIAL_FIELDS.join('|')})$|password`, 'i');
const SECRET = new RegExp(`^(${SECRET_FIELDS.join('|')})$|password|token|secret`, 'i');

/** A field a shopper types a password or card data into: no page ever reads one from its URL. */
export const isCredentialField = (name: string): boolean => CREDENTIAL.test(name);

/** Any name under which a secret travels: its value never reaches a log. */
export const isSecretName = (name: string): boolean => SECRET.test(name);
