import type { DehydratedState } from '@tanstack/react-query';

/** The element carrying the answers the server rendered the page with (a data block: no script runs). */
export const SERVER_STATE_ID = 'shop-state';

/** The server's answers, when this page came rendered from the server. */
export function readServerState(): DehydratedState | undefined {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}
