import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';

interface FiltersDrawerProps {
  /** How many values the shopper chose, shown on the button. */
  chosen: number;
  /** Shoes the filters give: the closing button says so ("Show 23 shoes"). */
  total: number | undefined;
  children: ReactNode;
}

/**
 * The filters on a phone: a button opening them in a drawer. A native modal <dialog> keeps the
 * focus inside, closes on Escape, makes the page behind inert and gives the focus back to the
 * button; filters apply as they are picked, and the footer's button shows what they give.
 */
export function FiltersDrawer({ chosen, total, children }: FiltersDrawerProps) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex h-11 items-center gap-2 rounded-full border border-ink bg-white px-5 text-sm font-bold transition-colors hover:bg-ink hover:text-white lg:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
        {chosen > 0 && (
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-xs text-ink">
            <span className="sr-only">(</span>
            {chosen}
            <span className="sr-only"> chosen)</span>
          </span>
        )}
      </button>
      <dialog
        ref={dialogRef}
        // Named outright: a name taken from content that appears with the dialog is not always noticed.
        aria-label="Filters"
        aria-modal="true"
        onClose={() => setOpen(false)}
        // A click on the dimmed backdrop lands on the <dialog> itself.
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-full max-w-sm overflow-hidden bg-white p-0 text-ink shadow-2xl transition-[translate] duration-300 backdrop:bg-ink/60 starting:open:-translate-x-full"
      >
        {open && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
              <p aria-hidden="true" className="text-lg font-black tracking-tight">
                Filters
              </p>
              <button
                type="button"
                aria-label="Close"
                onClick={() => setOpen(false)}
                className="inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-paper"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
            <div className="border-t border-gray-200 p-4">
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="h-12 w-full rounded-full bg-ink text-base font-bold text-white transition-colors hover:bg-accent-dark"
              >
                {total === undefined ? 'Show shoes' : MESSAGES.facets.showResults(total)}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
