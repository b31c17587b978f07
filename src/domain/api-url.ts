export type QueryParams = Record<string, string | number | undefined>;

/**
 * Builds `/api{path}?...`, leaving out empty parameters so cache keys and URLs stay canonical.
 * Shared by the browser's requests and the server's preload hints, which must name the very same
 * URLs for the browser to reuse the preloaded answers.
 */
export function apiUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}
