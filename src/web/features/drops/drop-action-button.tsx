import { LoaderCircle, type LucideIcon } from 'lucide-react';
import { primaryButtonClass } from '../../components/forms/button-class';

interface DropActionButtonProps {
  type: 'submit' | 'button';
  onClick?: () => void;
  /** Inert: before the page can act on a press (the card field, the shopper's place unknown). */
  disabled: boolean;
  /** The request runs. */
  busy: boolean;
  icon: LucideIcon;
  label: string;
  busyLabel: string;
}

/**
 * A drop page's main action (enter the draw, join the waiting room, buy). While its request runs it
 * is aria-disabled, not disabled: the focus stays on the button meanwhile.
 */
export function DropActionButton({ icon: Icon, busy, ...props }: DropActionButtonProps) {
  return (
    <button
      type={props.type === 'submit' ? 'submit' : 'button'}
      onClick={props.onClick}
      disabled={props.disabled}
      aria-disabled={busy ? true : undefined}
      className={`${primaryButtonClass} w-full text-base tracking-wide aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto`}
    >
      {busy ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          {props.busyLabel}
        </>
      ) : (
        <>
          <Icon aria-hidden="true" className="size-4" />
          {props.label}
        </>
      )}
    </button>
  );
}
