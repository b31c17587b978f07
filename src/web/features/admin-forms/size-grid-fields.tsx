import { ListPlus, Plus, X } from 'lucide-react';
import { useRef, type MouseEvent } from 'react';
import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_MORE_SIZES } from '../../../domain/admin';
import { CHART_SIZES } from '../../../domain/size-chart';
import { FieldError } from '../../components/forms/field-error';
import { TextField } from './text-field';

interface GridValues {
  size: string;
  q: string;
  moreSizes: { size: string; q: string }[];
}

const smallButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border border-ink bg-white px-4 py-2 text-sm font-bold text-ink transition-colors hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-white disabled:hover:text-ink';

/**
 * A press on the grid's buttons leaves the focus where it is until the click: a field that loses it
 * is validated on blur, and that validation, ending after the click, put back the rows it had read
 * (a row added by mouse right after typing a quantity was lost). Keyboard presses never blur.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

const FIRST_CHART = CHART_SIZES[0]!;
const LAST_CHART = CHART_SIZES[CHART_SIZES.length - 1]!;

/**
 * The sizes of Create Shoes as one grid (issue 33 item 6): the spec's Size and Quantity are its first
 * row, "Add a size" adds rows ("Size 2", "Quantity 2"...), and one button adds every size of the chart
 * not given yet, each with the first row's quantity, so a run of sizes is one click.
 */
export function SizeGridFields() {
  const { control, getValues, setFocus, formState } = useFormContext<GridValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'moreSizes' });
  const addButton = useRef<HTMLButtonElement>(null);
  const full = fields.length >= MAX_MORE_SIZES;
  const listError: unknown = (get(formState.errors, 'moreSizes') as { message?: unknown } | undefined)
    ?.message;

  const addRow = () => append({ size: '', q: '' }, { focusName: `moreSizes.${fields.length}.size` });

  const addChartRun = () => {
    const { size, q, moreSizes } = getValues();
    const given = new Set([size, ...moreSizes.map((row) => row.size)].map(Number));
    const missing = CHART_SIZES.filter((chartSize) => !given.has(Number(chartSize)));
    const room = MAX_MORE_SIZES - fields.length;
    append(missing.slice(0, room).map((chartSize) => ({ size: chartSize, q })));
  };

  const removeRow = (index: number) => {
    remove(index);
    // Focus stays in the grid: on the row now in this place, else on the button that adds one.
    if (index < fields.length - 1) setFocus(`moreSizes.${index}.size`);
    else addButton.current?.focus();
  };

  return (
    <fieldset className="min-w-0 space-y-4 rounded-2xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-bold text-ink">Sizes and quantities</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.75rem] gap-x-3 gap-y-4">
        <TextField name="size" label="Size" inputMode="decimal" hint="Whole or half, e.g. 9 or 9.5." />
        <TextField name="q" label="Quantity" inputMode="numeric" hint="Pairs in stock of this size." />
        <span aria-hidden="true" />
        {fields.map((row, index) => (
          <div key={row.id} className="contents" data-testid="size-row">
            <TextField name={`moreSizes.${index}.size`} label={`Size ${index + 2}`} inputMode="decimal" />
            <TextField name={`moreSizes.${index}.q`} label={`Quantity ${index + 2}`} inputMode="numeric" />
            <button
              type="button"
              onMouseDown={keepFocus}
              onClick={() => removeRow(index)}
              aria-label={`Remove size ${index + 2}`}
              className="mt-7 inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 ring-1 ring-gray-300 transition-colors hover:bg-ink hover:text-white"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
        ))}
      </div>
      <FieldError id="more-sizes-error" message={typeof listError === 'string' ? listError : undefined} />
      <div className="flex flex-wrap gap-2">
        <button
          ref={addButton}
          type="button"
          onMouseDown={keepFocus}
          onClick={addRow}
          disabled={full}
          className={smallButtonClass}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a size
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={addChartRun}
          disabled={full}
          className={smallButtonClass}
        >
          <ListPlus aria-hidden="true" className="h-4 w-4" />
          Add sizes {FIRST_CHART} to {LAST_CHART}
        </button>
      </div>
      <p className="text-sm text-gray-600">
        Up to {MAX_MORE_SIZES + 1} sizes, each once. Sizes {FIRST_CHART} to {LAST_CHART} are added with the
        first quantity; change any before you create.
      </p>
    </fieldset>
  );
}
