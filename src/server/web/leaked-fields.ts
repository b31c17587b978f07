import { isCredentialField } from '../http/secret-names.js';

/**
 * The page URL without the password and card fields that a form submitted natively (by a page from
 * before every form was `method="post"`, or a copy of one) would have put there: no page reads
 * them from its URL. Tokens stay (the reset page reads its own). Undefined when it has none; the server
 * sends the browser there at once, so the password leaves the address bar and the history entry.
 */
export function withoutLeakedFields(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return undefined;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const leaked = [...query.keys()].filter((name) => isCredentialField(name));
  if (leaked.length === 0) return undefined;
  for (const name of leaked) query.delete(name);
  const rest = query.toString();
  return `${url.slice(0, queryAt)}${rest ? `?${rest}` : ''}`;
}
