import type { RefObject } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { MESSAGES } from '../../domain/messages';
import { hasNext, hasPrevious, nextOffset, pageCount, pageNumber, previousOffset } from '../../domain/paging';

interface PagerProps {
  offset: number;
  pageSize: number;
  total: number;
  onChange: (offset: number) => void;
  /**
   * The list's heading (tabIndex -1): after a page change it is scrolled into view and
   * focused, so keyboard users are not left on a button that may just have disappeared.
   */
  listHeading: RefObject<HTMLElement | null>;
  /** The landmark's name; pages with several paged lists name each ("Users pagination"). */
  label?: string;
}

const buttonClass =
  'inline-flex h-11 items-center gap-2 rounded-full border border-ink px-4 text-sm font-bold transition-colors hover:bg-ink hover:text-white sm:px-5';

/** Previous / Next paging (spec §2): Previous hidden on the first page, Next on the last. */
export function Pager({ offset, pageSize, total, onChange, listHeading, label = 'Pagination' }: PagerProps) {
  const state = { offset, pageSize, total };
  const pages = pageCount(state);
  if (pages <= 1) return null;

  function go(to: number): void {
    onChange(to);
    listHeading.current?.focus({ preventScroll: true });
    listHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  return (
    <nav aria-label={label} className="mt-10 grid grid-cols-[1fr_auto_1fr] items-center gap-3">
      <div>
        {hasPrevious(state) && (
          <button
            type="button"
            className={buttonClass}
            // From a page past the end (an old link), Previous lands on the last real page.
            onClick={() => go(Math.min(previousOffset(state), (pages - 1) * pageSize))}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {MESSAGES.pages.previous}
          </button>
        )}
      </div>
      <p className="text-sm font-semibold whitespace-nowrap text-gray-700" aria-live="polite">
        Page {Math.min(pageNumber(state), pages)} of {pages}
      </p>
      <div className="flex justify-end">
        {hasNext(state) && (
          <button type="button" className={buttonClass} onClick={() => go(nextOffset(state))}>
            {MESSAGES.pages.next}
            <ArrowRight aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </nav>
  );
}
