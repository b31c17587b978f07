interface SaveAddressBoxProps {
  /** Signed in, typing an address that is not saved yet, with room for one more. */
  shown: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** "Save this address to my account": once paid, a new delivery address is kept for next time. */
export function SaveAddressBox({ shown, checked, onChange }: SaveAddressBoxProps) {
  if (!shown) return null;
  return (
    <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-semibold">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-ink"
      />
      Save this address to my account
    </label>
  );
}
