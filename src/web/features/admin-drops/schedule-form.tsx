import { CalendarClock, Plus, Save, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import type { AdminDropAnswer } from '../../../domain/contracts/drops';
import { dropFormSchema, type DropFormInput } from '../../../domain/drops';
import { MESSAGES } from '../../../domain/messages';
import { sizesOf } from '../../../domain/stock';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { FieldError } from '../../components/forms/field-error';
import { fieldAria, inputClass } from '../../components/forms/form-field';
import { FormSubmit } from '../../components/forms/form-submit';
import { InputField } from '../../components/forms/input-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { useQuery } from '@tanstack/react-query';
import { shoeQuery } from '../../api/use-shoe';
import { LoadStatus } from '../../components/load-status';
import { toast } from '../../lib/toast';
import { useEditDrop, useScheduleDrop } from './api/admin-drops';
import { localInputValue } from './local-time';
import { ShoeChooser } from './shoe-chooser';

const T = MESSAGES.dropPages;
const smallLabel = 'mb-1.5 block text-sm font-semibold text-ink';
const selectClass = `${inputClass} h-12 cursor-pointer py-0`;

/** A new drop's form as it starts: a draw opening in ten minutes for a day, the staff's first size to fill. */
function startingValues(): DropFormInput {
  const now = Date.now();
  return {
    shoeId: '',
    mode: 'draw',
    opensAt: localInputValue(new Date(now + 10 * 60_000)),
    closesAt: localInputValue(new Date(now + 24 * 3_600_000)),
    sizes: [{ size: '', pairs: '1' }],
    admitPerMinute: '60',
    minutesToPay: '5',
  };
}

/** A drop's form filled with its terms, to change them. */
function valuesOf(drop: AdminDropAnswer): DropFormInput {
  return {
    shoeId: drop.shoe._id,
    mode: drop.mode,
    opensAt: localInputValue(new Date(drop.opensAt)),
    closesAt: localInputValue(new Date(drop.closesAt)),
    sizes: drop.sizes.map(({ size, pairs }) => ({ size, pairs: String(pairs) })),
    admitPerMinute: String(drop.admitPerMinute),
    minutesToPay: String(drop.minutesToPay),
  };
}

interface ScheduleFormProps {
  /** After the server took it: the drop scheduled or changed. */
  onSaved: (drop: AdminDropAnswer) => void;
  /** A drop not open yet, to change (its shoe stays); absent, a new drop. */
  drop?: AdminDropAnswer;
}

/**
 * Schedules a drop (issue 36), or changes one until it opens: its shoe (a change keeps it), a draw or
 * first come, the window, the pairs of each size (within the shoe's stock, which the server checks),
 * and for first come the waiting room's pace. The same schema as the server's checks it; the times
 * are the browser's, sent with their zone.
 */
export function ScheduleForm({ onSaved, drop }: ScheduleFormProps) {
  const schedule = useScheduleDrop();
  const change = useEditDrop();
  const [initial] = useState(() => (drop ? valuesOf(drop) : startingValues()));
  const [chosen, setShoe] = useState<Shoe>();
  // A change's shoe is the drop's, read with its stock for the sizes.
  const own = useQuery({ ...shoeQuery(drop?.shoe._id ?? ''), enabled: drop !== undefined });
  const shoe = drop ? own.data : chosen;
  const form = useSchemaForm(dropFormSchema, { defaultValues: initial });
  const { control, register, setValue, reset, formState } = form;
  const rows = useFieldArray({ control, name: 'sizes' });
  const mode = useWatch({ control, name: 'mode' });
  const sizeErrors = formState.errors.sizes;

  const choose = (chosen: Shoe | undefined) => {
    setShoe(chosen);
    setValue('shoeId', chosen?._id ?? '', { shouldValidate: formState.isSubmitted });
    // The sizes are the shoe's: another shoe starts them again.
    rows.replace([{ size: '', pairs: '1' }]);
  };

  const onSubmit = form.submit(async (values) => {
    if (drop) {
      const changed = await change.mutateAsync({ id: drop._id, form: values });
      toast.success(T.dropChanged(changed.shoe.name), { duration: NOTICE_MS.admin });
      onSaved(changed);
      return;
    }
    const scheduled = await schedule.mutateAsync(values);
    toast.success(T.scheduled(scheduled.shoe.name), { duration: NOTICE_MS.admin });
    reset(startingValues());
    setShoe(undefined);
    onSaved(scheduled);
  });

  // A change's sizes are picked among its shoe's: the form opens with them, its sizes selected.
  if (drop && !own.data) return <LoadStatus failed={own.isError} className="py-4" />;
  const shoeSizes = shoe ? sizesOf(shoe) : [];
  return (
    <form
      method="post"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={drop ? T.editHeading(drop.shoe.name) : T.scheduleHeading}
      className="space-y-5"
    >
      <input type="hidden" {...register('shoeId')} />
      {drop ? (
        <p className="text-sm">
          <span className="font-semibold">Shoe:</span> {drop.shoe.brand} {drop.shoe.name}
        </p>
      ) : (
        <ShoeChooser chosen={shoe} onChoose={choose} error={formState.errors.shoeId?.message} />
      )}

      <fieldset>
        <legend className={smallLabel}>How the pairs are sold</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['draw', 'first_come'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm font-semibold">
              <input type="radio" value={value} className="size-5 accent-ink" {...register('mode')} />
              {T.mode[value]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <InputField type="datetime-local" label="Opens at" {...form.field('opensAt')} />
        <InputField
          type="datetime-local"
          label={mode === 'draw' ? 'Entries close at' : 'Sale ends at'}
          {...form.field('closesAt')}
        />
      </div>

      <fieldset>
        <legend className={smallLabel}>Sizes and pairs</legend>
        <ul className="space-y-3">
          {rows.fields.map((row, index) => {
            const sizeId = `size-${row.id}`;
            const pairsId = `pairs-${row.id}`;
            const sizeError = sizeErrors?.[index]?.size?.message;
            const pairsError = sizeErrors?.[index]?.pairs?.message;
            return (
              <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
                <div>
                  <label htmlFor={sizeId} className="sr-only">
                    Size {index + 1}
                  </label>
                  <select
                    id={sizeId}
                    className={selectClass}
                    {...fieldAria(sizeId, { error: sizeError })}
                    {...register(`sizes.${index}.size`)}
                  >
                    <option value="">Size</option>
                    {shoeSizes.map((entry) => (
                      <option key={entry._id} value={entry.size}>
                        {entry.size} ({entry.quantity} in stock)
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${sizeId}-error`} message={sizeError} />
                </div>
                <div>
                  <label htmlFor={pairsId} className="sr-only">
                    Pairs of size {index + 1}
                  </label>
                  <input
                    id={pairsId}
                    inputMode="numeric"
                    placeholder="Pairs"
                    className={inputClass}
                    {...fieldAria(pairsId, { error: pairsError })}
                    {...register(`sizes.${index}.pairs`)}
                  />
                  <FieldError id={`${pairsId}-error`} message={pairsError} />
                </div>
                <button
                  type="button"
                  onClick={() => rows.remove(index)}
                  disabled={rows.fields.length === 1}
                  className="flex size-12 items-center justify-center rounded-full text-gray-600 transition-colors hover:bg-paper hover:text-ink disabled:opacity-40"
                >
                  <X aria-hidden="true" className="size-5" />
                  <span className="sr-only">Remove size {index + 1}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <FieldError id="drop-sizes-error" message={sizeErrors?.message ?? sizeErrors?.root?.message} />
        <button
          type="button"
          onClick={() => rows.append({ size: '', pairs: '1' })}
          disabled={rows.fields.length >= 40}
          className={`${secondaryButtonClass} mt-3 min-h-10 px-4 py-1.5 text-sm`}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a size
        </button>
      </fieldset>

      {mode === 'first_come' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            label="Shoppers let in per minute"
            inputMode="numeric"
            {...form.field('admitPerMinute')}
          />
          <InputField label="Minutes to pay" inputMode="numeric" {...form.field('minutesToPay')} />
        </div>
      )}

      <FormSubmit
        error={form.formError}
        busy={form.busy}
        action={
          drop
            ? { label: T.saveDrop, busyLabel: 'Saving…', icon: Save }
            : { label: T.scheduleButton, busyLabel: 'Scheduling…', icon: CalendarClock }
        }
        className="w-full sm:w-auto"
      />
    </form>
  );
}
