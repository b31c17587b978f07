import { useEffect } from 'react';
import { replayPreAppInput, takePreAppInput } from './replay';

/**
 * Rendered last in the app, so its effect runs once the whole page before it has been hydrated
 * and wired (effects run in tree order): the moment the app has taken the page over. It then
 * replays what the shopper did meanwhile (capture.ts) and marks the document `data-app="ready"`.
 */
export function AppTakeover() {
  useEffect(() => {
    const record = takePreAppInput();
    document.documentElement.dataset.app = 'ready';
    // A task of its own: replaying renders (flushSync), which React refuses inside its effects.
    if (record) setTimeout(() => replayPreAppInput(record));
  }, []);
  return null;
}
