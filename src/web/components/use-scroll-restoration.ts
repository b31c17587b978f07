import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'shop:scroll-positions';
/** Enough history for a long browsing session, small enough for sessionStorage. */
const MAX_ENTRIES = 100;

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(Array.isArray(stored) ? stored : []);
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or blocked: Back then starts at the top, which is harmless.
  }
}

/**
 * A new page starts at the top (or at its #anchor); Back and Forward bring back the position the
 * shopper left, also after a reload. A change of the query alone (a filter, the pager's `?page=`)
 * stays where it is: those controls move focus and scroll themselves. Positions are recorded per
 * history entry while scrolling, because by the time a navigation renders, the next page may already
 * have shortened the document.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readPositions();
  const previousPathname = useRef<string>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const persist = () => savePositions(positions.current!);
    window.addEventListener('pagehide', persist);
    return () => window.removeEventListener('pagehide', persist);
  }, []);

  useEffect(() => {
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const map = positions.current!;
        map.delete(location.key);
        map.set(location.key, window.scrollY);
      });
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const samePage = previousPathname.current === location.pathname;
    previousPathname.current = location.pathname;
    const saved = positions.current!.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!samePage) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);
}
