import { Send } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';

/** react-hook-form and Zod stay out of the first page: the form loads once the page is idle. */
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })),
);

function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}

/**
 * The same form, inert, for the moment before the real one arrives: same size (no layout
 * shift), and disabled so nothing typed into it is lost when the real form replaces it.
 */
function NewsletterPlaceholder({ onWake }: { onWake: () => void }) {
  return (
    <form
      method="post"
      aria-label="Newsletter sign-up"
      aria-busy="true"
      onPointerEnter={onWake}
      onFocus={onWake}
    >
      <label htmlFor="newsletter-email-placeholder" className="block text-sm text-gray-300">
        Email for our newsletter
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="newsletter-email-placeholder"
          type="email"
          disabled
          placeholder="you@example.com"
          className="min-w-0 flex-1 rounded-full border border-white/20 bg-white/10 px-4 py-2.5 text-sm text-paper placeholder:text-gray-400"
        />
        <button
          type="submit"
          disabled
          className="inline-flex shrink-0 items-center gap-2 rounded-full bg-accent px-4 py-2.5 text-sm font-bold text-ink opacity-70"
        >
          <Send aria-hidden="true" className="size-4" />
          Subscribe
        </button>
      </div>
    </form>
  );
}

/** The footer's newsletter sign-up, loaded when the browser is idle or the shopper reaches for it. */
export function LazyNewsletterForm() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  const placeholder = <NewsletterPlaceholder onWake={() => setWanted(true)} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NewsletterForm />
    </Suspense>
  );
}
