import { apiUrl } from './http';

/**
 * `POST /api/analytics/page-view` `{path}`: first-party page-view counting. `keepalive` lets the
 * report outlive a page that is being left. Counting is best effort: a refused or failed report
 * (offline, rate-limited) is dropped silently, since the shopper has nothing to do about it.
 */
export function recordPageView(path: string): void {
  try {
    fetch(apiUrl('/analytics/page-view'), {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path }),
    }).catch(() => undefined);
  } catch {
    // fetch itself can throw synchronously (e.g. too many keepalive bytes in flight).
  }
}
