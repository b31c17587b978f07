/**
 * Form fields that no page reads from its URL but that a form submitted natively, by a page from
 * before every form was `method="post"` (or by a copy of one elsewhere), would have put there.
 */
const LEAKED_FIELD = /password|^(card|cardNumber|cvc|cvv|expiry)$/i;

/**
 * The page URL without such fields, or undefined when it has none: the server sends the browser
 * there at once, so the password leaves the address bar and the history entry.
 */
export function withoutLeakedFields(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return undefined;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const leaked = [...query.keys()].filter((name) => LEAKED_FIELD.test(name));
  if (leaked.length === 0) return undefined;
  for (const name of leaked) query.delete(name);
  const rest = query.toString();
  return `${url.slice(0, queryAt)}${rest ? `?${rest}` : ''}`;
}
