import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

interface SearchBoxProps extends Omit<ComponentProps<'input'>, 'type' | 'className'> {
  id: string;
  /** A smaller magnifier, for a smaller field. */
  compact?: boolean;
  /** The box's own classes (its width and margin). */
  className?: string;
  /** The field's classes: it leaves room on the left for the magnifier. */
  inputClassName: string;
  /** The field's name for screen readers, when no visible label names it. */
  srLabel?: string;
}

/** A search field with a magnifier inside it, on the left. */
export function SearchBox({
  id,
  compact = false,
  className,
  inputClassName,
  srLabel,
  ...input
}: SearchBoxProps) {
  return (
    <div className={className ? `relative ${className}` : 'relative'}>
      {srLabel && (
        <label htmlFor={id} className="sr-only">
          {srLabel}
        </label>
      )}
      <Search
        aria-hidden="true"
        className={`pointer-events-none absolute top-1/2 ${compact ? 'left-3.5 size-4' : 'left-4 size-5'} -translate-y-1/2 text-gray-500`}
      />
      <input id={id} type="search" {...input} className={inputClassName} />
    </div>
  );
}
