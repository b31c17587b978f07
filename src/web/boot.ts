/**
 * The page's entry, a few hundred bytes: the app itself (main.tsx, with React and the router) loads
 * from here. On a page the server rendered, the browser paints that HTML first and only then loads
 * and runs the app's modules: run before the paint, their evaluation held the first paint (and the
 * largest one) back by its whole CPU time on a slow phone. The app takes the page over as soon as
 * they arrive; what the shopper does meanwhile is kept by the pre-app capture (docs/decisions/007).
 */
import { PAGE_CODE_ID, SERVER_STATE_ID } from '../domain/constants';
// Here, not in the app: the build links the entry's stylesheet from the HTML, which the server inlines.
import './styles.css';

const renderedByServer = document.getElementById(SERVER_STATE_ID) !== null;

/**
 * Asks for every script the page runs at once (the server lists them: route-chunks.ts), instead of
 * finding each layer only when the one before it has arrived and run (issue 37): after the paint, so
 * none of it competes with what the paint needs (decision 015, addendum). A preload only fetches and
 * compiles; each module still runs when it is imported.
 */
function preloadPageCode(): void {
  const list = document.getElementById(PAGE_CODE_ID)?.textContent;
  if (!list) return;
  let files: unknown;
  try {
    files = JSON.parse(list);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

const start = () => {
  preloadPageCode();
  void import('./main');
};

// A tab opened in the background paints nothing (no animation frame comes): the app starts at once.
if (renderedByServer && document.visibilityState === 'visible')
  requestAnimationFrame(() => setTimeout(start));
else start();
