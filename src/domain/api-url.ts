export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined>;

/**
 * Builds `/api{path}?...`, leaving out empty parameters so cache keys and URLs stay canonical.
 * Shared by the browser's requests and the server's preload hints, which must name the very same
 * URLs for the browser to reuse the preloaded answers.
 */
export function apiUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // A list is the parameter repeated (`size=9&size=10`), as the filters take it.
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}
