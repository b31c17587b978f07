import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The edge it slides in from. */
  side: 'left' | 'right';
  /** The dialog's name: `title`'s own text when it is named by its id, otherwise this label. */
  label: { text: string } | { titleId: string };
  /** The heading row's content, beside the Close button. */
  title: ReactNode;
  /** Runs once the drawer has opened (to put the focus on its first field). */
  onOpened?: () => void;
  children: ReactNode;
}

const SIDES = {
  left: 'right-auto left-0 starting:open:-translate-x-full',
  right: 'right-0 left-auto starting:open:translate-x-full',
} as const;

/**
 * A panel sliding in from one edge, over a dimmed page. A native modal <dialog> gives the focus
 * trap, Escape to close, an inert page behind it and the focus returned to the opener on close,
 * without hand-rolled focus management. A click on the dimmed backdrop closes it too.
 */
export function SideDrawer({ open, onClose, side, label, title, onOpened, children }: SideDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      onOpened?.();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, onOpened]);

  return (
    <dialog
      ref={dialogRef}
      {...('text' in label ? { 'aria-label': label.text } : { 'aria-labelledby': label.titleId })}
      aria-modal="true"
      onClose={onClose}
      // A click on the dimmed backdrop lands on the <dialog> itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`fixed inset-y-0 m-0 h-dvh max-h-none w-full max-w-md overflow-hidden bg-white p-0 text-ink shadow-2xl transition-[translate] duration-300 backdrop:bg-ink/60 ${SIDES[side]}`}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
          {title}
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-paper"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
