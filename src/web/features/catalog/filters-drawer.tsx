import { useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { SideDrawer } from '../../components/side-drawer';

interface FiltersDrawerProps {
  /** How many values the shopper chose, shown on the button. */
  chosen: number;
  /** Shoes the filters give: the closing button says so ("Show 23 shoes"). */
  total: number | undefined;
  /** The total is a lower bound (a search past its cap). */
  atLeast?: boolean;
  children: ReactNode;
}

/**
 * The filters on a phone: a button opening them in a drawer (a modal dialog: the focus stays inside,
 * Escape closes it); filters apply as they are picked, and the footer's button shows what they give.
 */
export function FiltersDrawer({ chosen, total, atLeast = false, children }: FiltersDrawerProps) {
  const [open, setOpen] = useState(false);
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
      <SideDrawer
        open={open}
        onClose={() => setOpen(false)}
        side="left"
        // Named outright: a name taken from content that appears with the dialog is not always noticed.
        label={{ text: 'Filters' }}
        title={
          <p aria-hidden="true" className="text-lg font-black tracking-tight">
            Filters
          </p>
        }
      >
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        <div className="border-t border-gray-200 p-4">
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="h-12 w-full rounded-full bg-ink text-base font-bold text-white transition-colors hover:bg-accent-dark"
          >
            {total === undefined ? 'Show shoes' : MESSAGES.facets.showResults(total, atLeast)}
          </button>
        </div>
      </SideDrawer>
    </>
  );
}
