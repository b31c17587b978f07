/** "Put the pairs back in stock": the refund form's and the return decisions' one checkbox. */
export function RestockBox({
  checked,
  onChange,
  label = 'Put the pairs back in stock',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-ink"
      />
      {label}
    </label>
  );
}
