import type { DehydratedState } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '../domain/constants';

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
