import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { AppTakeover } from './pre-app/app-takeover';
import { AppRoutes, preloadPageOf } from './router';
import { readServerState } from './server-state';

const queryClient = createQueryClient();
const serverState = readServerState();

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Without transitions a navigation renders at once, so flushSync(() => navigate(...)) is
          synchronous (sign-out leaves a guarded page before the session is cleared); a route whose
          chunk is still loading shows its loading state meanwhile. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
        {/* Last: what was done before the app ran is replayed once everything above is live. */}
        <AppTakeover />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

const root = document.getElementById('root')!;
if (serverState) {
  // The page came rendered from the server (entry-server.tsx): take over its HTML with the same
  // answers it was rendered with, so nothing is fetched twice or painted again. Its module first
  // (the HTML preloads it): the whole page then hydrates in one go (router.tsx, lazyPage). As a
  // transition, hydration yields to the browser every few milliseconds: the page paints at once
  // and a tap is never stuck behind one long task.
  hydrate(queryClient, serverState);
  const pageModule = preloadPageOf(window.location.pathname).catch(() => undefined);
  // After the browser's first paint of the server's HTML (a frame, then a task), not before it.
  requestAnimationFrame(() =>
    setTimeout(() => void pageModule.then(() => startTransition(() => void hydrateRoot(root, app)))),
  );
} else {
  createRoot(root).render(app);
}
