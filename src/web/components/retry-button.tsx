import { RotateCw } from 'lucide-react';
import { secondaryButtonClass } from './forms/button-class';

interface RetryButtonProps {
  onRetry: () => void;
  /** The new attempt is running: the button waits. */
  retrying: boolean;
  /** Beside another way on, in a row that keeps its own distance from the message above. */
  inRow?: boolean;
}

/** 'Try again' under something that could not be loaded just now. */
export function RetryButton({ onRetry, retrying, inRow = false }: RetryButtonProps) {
  return (
    <button
      type="button"
      onClick={onRetry}
      disabled={retrying}
      className={`${secondaryButtonClass} ${inRow ? '' : 'mt-2 '}text-sm`}
    >
      <RotateCw aria-hidden="true" className="size-4" />
      Try again
    </button>
  );
}
