import type { ImportStatus } from '../../../domain/contracts/catalogue-import';
import { progressText } from './import-text';

/**
 * The job's progress bar: rows read (the preview) or written (the apply) of the file's rows. The
 * words beside it are a polite live region, so a screen reader hears the count as it moves.
 */
export function ImportProgress({ status }: { status: ImportStatus }) {
  const text = progressText(status);
  const { done, total } = status.progress;
  return (
    <div className="space-y-2">
      <progress
        value={total === 0 ? undefined : done}
        max={total === 0 ? undefined : total}
        aria-label={status.stage === 'preview' ? 'Rows read' : 'Rows written'}
        aria-valuetext={text}
        className="h-3 w-full appearance-none overflow-hidden rounded-full bg-gray-200 [&::-moz-progress-bar]:bg-accent-dark [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-accent-dark [&::-webkit-progress-value]:transition-[width]"
      />
      <p aria-live="polite" className="text-sm font-semibold text-gray-700 tabular-nums">
        {text}
      </p>
    </div>
  );
}
