import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { TriangleAlert } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';

interface ConfirmDialogProps {
  /** The button that opens the dialog (rendered as is, through Radix's `asChild`). */
  trigger?: ReactElement;
  /**
   * Opened by its caller instead (a form that checks its fields first): whether it is open, and
   * told when it closes (Cancel, Escape or the confirmation).
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The question, read out as the dialog's name. */
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Runs after the dialog has closed; the caller reports the outcome (a toast). */
  onConfirm: () => void;
}

const buttonBase =
  'inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2.5 text-sm font-bold transition-colors';

/**
 * Asks before something that cannot be undone (spec §8: deleting a shoe or a brand; a refund).
 * Radix's alert dialog traps focus, starts on Cancel, closes on Escape and gives focus back
 * to the trigger: the safe choice is always the easy one.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 text-ink shadow-2xl ring-1 ring-black/10 sm:p-8">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
              <TriangleAlert aria-hidden="true" className="size-7" />
            </span>
            <AlertDialog.Title className="mt-4 text-xl font-black tracking-tight text-balance">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm break-words text-gray-700">
              {description ?? 'This cannot be undone.'}
            </AlertDialog.Description>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
            <AlertDialog.Cancel
              className={`${buttonBase} border border-ink bg-white hover:bg-ink hover:text-white`}
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={`${buttonBase} bg-deal text-white hover:bg-red-800`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
