import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has scrolled up out of the window (its bottom is above the top edge). False
 * while it is in view or still below, and on the server, so the first render matches the server's
 * HTML. Read on scroll, once a frame: an IntersectionObserver stays silent when a jump (End, a
 * restored position) carries the element from below the window to above it without crossing it.
 */
export function useScrolledPast(ref: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (element) setPast(element.getBoundingClientRect().bottom < 0);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [ref]);
  return past;
}
