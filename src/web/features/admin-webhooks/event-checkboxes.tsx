import { useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '../../../domain/contracts/webhooks';
import { FieldError } from '../../components/forms/field-error';

interface EventCheckboxesProps {
  /** The form's `register('events')`: every box adds its value to the list when ticked. */
  register: UseFormRegisterReturn;
  /** The events ticked now. */
  selected: readonly string[];
  /** "All events" ticked or cleared: every event, or none. */
  onAll: (all: boolean) => void;
  error: string | undefined;
}

/**
 * The events an endpoint receives, one box per event with its words, and "All events" above them,
 * half-ticked while only some are: a group named by its legend, its error read with it.
 */
export function EventCheckboxes({ register, selected, onAll, error }: EventCheckboxesProps) {
  const id = useId();
  const all = useRef<HTMLInputElement>(null);
  const every = WEBHOOK_EVENT_TYPES.every((type) => selected.includes(type));
  const some = !every && selected.length > 0;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">Events</legend>
      <label className="flex min-h-10 items-center gap-2 border-b border-gray-200 pb-2 text-sm font-bold">
        <input
          ref={all}
          type="checkbox"
          checked={every}
          onChange={(event) => onAll(event.target.checked)}
          className="size-4 accent-ink"
        />
        All events
      </label>
      <div className="mt-2 grid gap-x-6 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={type}
              {...register}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-ink"
            />
            <span>
              {WEBHOOK_EVENTS[type]} <code className="text-xs text-gray-600">{type}</code>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
